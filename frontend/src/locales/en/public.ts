// What the public pages (sign-in, password links, sign-up) say, in one module and so one chunk:
// the first part of this language's translations to load (../load.ts).
export default import.meta.glob<object>('./{auth,common,errors,passwords}.json', { eager: true, import: 'default' });
