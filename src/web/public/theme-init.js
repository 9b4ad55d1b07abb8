// Theme before first paint: storage key "theme", class "dark" on <html>, light by default.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch (e) {
  /* storage unavailable: light */
}
