// Everything else this language's screens say, in one module and so one chunk: it loads with the
// first signed-in screen (../load.ts).
export default import.meta.glob<object>(['./*.json', '!./{auth,common,errors,passwords}.json'], { eager: true, import: 'default' });
