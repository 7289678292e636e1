//! Report headers in the portal's six languages, for tables and their exports alike (the
//! catalogue's own names come translated from the catalogue).

/// `[en, zh, ar, it, es, fr]` per header key.
const HEADERS: &[(&str, [&str; 6])] = &[
    ("company", ["Company", "公司", "الشركة", "Azienda", "Empresa", "Entreprise"]),
    ("batch", ["Batch", "批次", "الدفعة", "Gruppo", "Grupo", "Groupe"]),
    ("trainee", ["Trainee", "学员", "المتدرب", "Partecipante", "Participante", "Apprenant"]),
    ("level", ["Level", "关卡", "المستوى", "Livello", "Nivel", "Niveau"]),
    ("all", ["Everyone", "全部", "الجميع", "Tutti", "Todos", "Tout le monde"]),
    ("chapter", ["Chapter", "章节", "الفصل", "Capitolo", "Capítulo", "Chapitre"]),
    ("trainees", ["Trainees", "学员数", "عدد المتدربين", "Partecipanti", "Participantes", "Apprenants"]),
    (
        "levels",
        ["Levels played", "已玩关卡", "المستويات الملعوبة", "Livelli giocati", "Niveles jugados", "Niveaux joués"],
    ),
    ("attempts", ["Attempts", "尝试次数", "المحاولات", "Tentativi", "Intentos", "Tentatives"]),
    ("points", ["Total points", "总分", "مجموع النقاط", "Punti totali", "Puntos totales", "Points au total"]),
    ("score", ["Score", "得分", "النتيجة", "Punteggio", "Puntuación", "Score"]),
    ("best", ["Best %", "最佳 %", "الأفضل %", "Migliore %", "Mejor %", "Meilleur %"]),
    ("last_played", ["Last played", "最近游玩", "آخر لعب", "Ultima partita", "Última partida", "Dernière partie"]),
    ("easy", ["Easy", "简单", "سهل", "Facile", "Fácil", "Facile"]),
    ("medium", ["Medium", "中等", "متوسط", "Media", "Media", "Moyen"]),
    ("hard", ["Hard", "困难", "صعب", "Difficile", "Difícil", "Difficile"]),
    ("difficulty", ["Difficulty", "难度", "الصعوبة", "Difficoltà", "Dificultad", "Difficulté"]),
    ("approach", ["Approach", "方法", "الأسلوب", "Approccio", "Enfoque", "Approche"]),
    ("max_score", ["Maximum", "满分", "الحد الأقصى", "Massimo", "Máximo", "Maximum"]),
    ("percent", ["Percent", "百分比", "النسبة المئوية", "Percentuale", "Porcentaje", "Pourcentage"]),
    ("duration", ["Duration (s)", "时长（秒）", "المدة (ث)", "Durata (s)", "Duración (s)", "Durée (s)"]),
    ("completed_at", ["Completed", "完成时间", "وقت الإنهاء", "Completato", "Completado", "Terminé"]),
    // An XLSX shows the attempts' durations as durations (h:mm:ss), not seconds.
    ("duration_time", ["Duration", "时长", "المدة", "Durata", "Duración", "Durée"]),
    // An export's title: its view, as the web UI's report titles say it.
    ("view_overview", ["Scores", "成绩", "النتائج", "Punteggi", "Puntuaciones", "Résultats"]),
    (
        "view_skill",
        [
            "Scores by skill",
            "按技能的成绩",
            "النتائج حسب المهارة",
            "Punteggi per competenza",
            "Puntuaciones por habilidad",
            "Résultats par compétence",
        ],
    ),
    (
        "view_difficulty",
        [
            "Scores by difficulty",
            "按难度的成绩",
            "النتائج حسب الصعوبة",
            "Punteggi per difficoltà",
            "Puntuaciones por dificultad",
            "Résultats par difficulté",
        ],
    ),
    (
        "view_level",
        [
            "Scores by level",
            "按关卡的成绩",
            "النتائج حسب المستوى",
            "Punteggi per livello",
            "Puntuaciones por nivel",
            "Résultats par niveau",
        ],
    ),
    (
        "view_approach",
        [
            "Scores by approach",
            "按方法的成绩",
            "النتائج حسب الأسلوب",
            "Punteggi per approccio",
            "Puntuaciones por enfoque",
            "Résultats par approche",
        ],
    ),
    (
        "view_chapter",
        [
            "Scores by chapter",
            "按章节的成绩",
            "النتائج حسب الفصل",
            "Punteggi per capitolo",
            "Puntuaciones por capítulo",
            "Résultats par chapitre",
        ],
    ),
    ("view_attempts", ["Attempts", "尝试记录", "المحاولات", "Tentativi", "Intentos", "Tentatives"]),
    // An export's filters and who made it, as the web UI's filters say them.
    ("from", ["From", "开始日期", "من", "Dal", "Desde", "Du"]),
    ("to", ["To", "结束日期", "إلى", "Al", "Hasta", "Au"]),
    (
        "attempt",
        [
            "Attempt counted",
            "计入的尝试",
            "المحاولة المحتسبة",
            "Tentativo considerato",
            "Intento que cuenta",
            "Tentative retenue",
        ],
    ),
    ("pick_best", ["Best", "最佳", "الأفضل", "Il migliore", "El mejor", "La meilleure"]),
    ("pick_latest", ["Latest", "最近", "الأحدث", "L'ultimo", "El último", "La dernière"]),
    ("pick_first", ["First", "首次", "الأولى", "Il primo", "El primero", "La première"]),
    ("pick_average", ["Average", "平均", "المتوسط", "La media", "El promedio", "La moyenne"]),
    ("measure", ["Measure", "度量", "المقياس", "Misura", "Medida", "Mesure"]),
    (
        "measure_percent",
        ["In percent", "百分比", "بالنسبة المئوية", "In percentuale", "En porcentaje", "En pourcentage"],
    ),
    ("measure_absolute", ["In points", "分数", "بالنقاط", "In punti", "En puntos", "En points"]),
    ("exported_by", ["Exported by", "导出人", "صدّره", "Esportato da", "Exportado por", "Exporté par"]),
    ("exported_at", ["Exported at", "导出时间", "وقت التصدير", "Esportato il", "Exportado el", "Exporté le"]),
];

const LOCALES: [&str; 6] = ["en", "zh", "ar", "it", "es", "fr"];

/// The header `key` in `locale` (English for any other language); the key itself when it is
/// not a header.
#[must_use]
pub fn header<'a>(key: &'a str, locale: &str) -> &'a str {
    let index = LOCALES.iter().position(|l| *l == locale).unwrap_or(0);
    HEADERS.iter().find(|(k, _)| *k == key).map_or(key, |(_, texts)| texts[index])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_header_has_six_distinct_languages_where_they_differ() {
        assert_eq!(header("trainee", "ar"), "المتدرب");
        assert_eq!(header("trainee", "de"), "Trainee", "unknown languages read English");
        for (key, texts) in HEADERS {
            assert!(texts.iter().all(|t| !t.is_empty()), "{key}");
            assert_ne!(texts[0], texts[1], "{key} is not translated to Chinese");
        }
    }
}
