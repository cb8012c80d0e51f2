#!/usr/bin/env bash
# A throwaway WordPress from Debian's packages for Piquante's tests (issue 35), on a loopback port, with no
# wp-cli: php's built-in server, MariaDB on 127.0.0.1:3306 (root, no password), WordPress installed by its own
# PHP functions. Prints the variables Piquante needs (WORDPRESS_URL, WORDPRESS_USER, WORDPRESS_APP_PASSWORD).
#
#   scripts/sources/wordpress.sh start DIR PORT [GENERATED_POSTS]   set up (once) and start; prints KEY=value lines
#   scripts/sources/wordpress.sh stop DIR                             stop the server (the data stays)
#   scripts/sources/wordpress.sh resume DIR                           start it again after a stop
#   scripts/sources/wordpress.sh destroy DIR                          stop, drop the database, remove DIR
#
# Needs: apt-get install -y wordpress php-mysql mariadb-server (the CI script installs them).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cmd=${1:?start|stop|resume|destroy}
dir=${2:?directory}
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
db="piquante_wp_$(printf '%s' "$dir" | md5sum | cut -c1-10)"
mysql_root() { mysql -h 127.0.0.1 -P 3306 -u root "$@"; }

serve() {
  local port
  port=$(cat "$dir/port")
  # The router and prepend put WordPress in $dir/wp: Debian's own wp-config.php (which reads /etc/wordpress) is not used.
  ( cd "$dir/wp" && exec php -d auto_prepend_file="$dir/prepend.php" -d upload_max_filesize=20M -d post_max_size=20M \
      -S "127.0.0.1:$port" "$here/wordpress-router.php" >>"$dir/php.log" 2>&1 ) &
  echo $! >"$dir/pid"
  for _ in $(seq 1 50); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/wp-json/" 2>/dev/null; then return 0; fi
    sleep 0.2
  done
  echo "WordPress did not answer on 127.0.0.1:$port (see $dir/php.log)" >&2
  exit 1
}

stop() {
  if [ -f "$dir/pid" ]; then
    kill "$(cat "$dir/pid")" 2>/dev/null || true
    rm -f "$dir/pid"
  fi
}

case "$cmd" in
  start)
    port=${3:?port}
    generated=${4:-0}
    echo "$port" >"$dir/port"
    if [ ! -d "$dir/wp" ]; then
      # A tree of symbolic links to Debian's WordPress, with its own wp-config.php and a writable wp-content/uploads.
      mkdir -p "$dir/wp"
      cp -as /usr/share/wordpress/. "$dir/wp/"
      rm -f "$dir/wp/wp-config.php" "$dir/wp/.htaccess"
      mkdir -p "$dir/wp/wp-content/uploads"
    fi
    cat >"$dir/prepend.php" <<PHP
<?php if (!defined('ABSPATH')) define('ABSPATH', '$dir/wp/');
PHP
    cat >"$dir/wp/wp-config.php" <<PHP
<?php
define('DB_NAME', '$db');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1:3306');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', 'http://127.0.0.1:$port');
define('WP_SITEURL', 'http://127.0.0.1:$port');
// Application passwords over plain http: a local site.
define('WP_ENVIRONMENT_TYPE', 'local');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('WP_DEBUG', false);
\$table_prefix = 'wp_';
foreach (['AUTH_KEY','SECURE_AUTH_KEY','LOGGED_IN_KEY','NONCE_KEY','AUTH_SALT','SECURE_AUTH_SALT','LOGGED_IN_SALT','NONCE_SALT'] as \$k) define(\$k, '$db-' . \$k);
require_once ABSPATH . 'wp-settings.php';
PHP
    mysql_root -e "CREATE DATABASE IF NOT EXISTS \`$db\` CHARACTER SET utf8mb4"
    admin_password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
    php -d auto_prepend_file="$dir/prepend.php" -d memory_limit=1G "$here/wordpress-setup.php" "$dir/wp" "http://127.0.0.1:$port" "$admin_password" "$generated" \
      | tee "$dir/env"
    stop
    serve
    ;;
  resume)
    stop
    serve
    ;;
  stop)
    stop
    ;;
  destroy)
    stop
    mysql_root -e "DROP DATABASE IF EXISTS \`$db\`"
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|resume|destroy DIR [PORT] [GENERATED_POSTS]" >&2
    exit 2
    ;;
esac
