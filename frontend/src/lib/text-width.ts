// About how wide a line of text is drawn, for chart layouts that are set before the browser
// draws their text (a radar's margins, whether bar names fit side by side): CJK glyphs are
// square, most others a little over half as wide.
export function textWidth(line: string, fontSize = 12): number {
  let ems = 0;
  for (const char of line) ems += (char.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.58;
  return ems * fontSize;
}
