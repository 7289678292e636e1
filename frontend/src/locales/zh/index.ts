// Every namespace of this language in one module, so that the build makes it one chunk.
export default import.meta.glob<object>('./*.json', { eager: true, import: 'default' });
