<?php
/* php -S router: real files as they are, everything else to WordPress's index.php (pretty permalinks, /wp-json/). */
// Started from the site's directory (scripts/sources/wordpress.sh): WordPress is there, not in /usr/share/wordpress.
if (!defined('ABSPATH')) define('ABSPATH', getcwd() . '/');
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');
$file = ABSPATH . ltrim($path, '/');
if ($path !== '/' && file_exists($file)) {
  if (is_dir($file)) {
    if (file_exists(rtrim($file, '/') . '/index.php')) {
      chdir(rtrim($file, '/'));
      require rtrim($file, '/') . '/index.php';
      return true;
    }
  } elseif (str_ends_with($file, '.php')) {
    chdir(dirname($file));
    require $file;
    return true;
  } else {
    return false;
  }
}
chdir(ABSPATH);
require ABSPATH . 'index.php';
