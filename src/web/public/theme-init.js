// Applies the saved theme before the first paint (an external file: the CSP allows no inline script).
(() => {
  try {
    const theme = localStorage.getItem('theme') || 'auto';
    const dark = theme === 'dark' || (theme === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b1220' : '#ffffff');
  } catch {}
})();
