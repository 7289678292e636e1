// Emotion caches per text direction: the RTL one mirrors every MUI style (margins, paddings,
// positions) through stylis-plugin-rtl, so components need no direction-specific `sx`.
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export const ltrCache = createCache({ key: 'mui' });
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
