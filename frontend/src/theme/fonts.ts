// Roboto's Latin subset (en/it/es/fr; Arabic and Chinese text takes the system fonts the theme
// lists after it), loaded once the app has rendered its first screen: on a slow phone network its
// 45 kB shared the line with the app's code and held a usable /login back by a quarter of a
// second, while the prerendered form reads as well in the system's sans-serif meanwhile.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
