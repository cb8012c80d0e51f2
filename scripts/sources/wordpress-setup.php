<?php
/*
 * Installs a throwaway WordPress (issue 35) without wp-cli: WordPress's own install function, pretty
 * permalinks (the REST API at /wp-json/), an application password, and a few posts with a category, a tag
 * and an image. Run by scripts/sources/wordpress.sh with the PHP CLI; prints KEY=value lines.
 * argv: docroot, site url, admin password, number of generated posts.
 */
[$script, $docroot, $siteUrl, $adminPassword, $generated] = $argv;
$_SERVER['HTTP_HOST'] = parse_url($siteUrl, PHP_URL_HOST) . ':' . parse_url($siteUrl, PHP_URL_PORT);
$_SERVER['REQUEST_URI'] = '/';
if (!defined('ABSPATH')) define('ABSPATH', rtrim($docroot, '/') . '/');
// No mail server here: WordPress's install mails its administrator.
function wp_mail() { return true; }
define('WP_INSTALLING', true);
require ABSPATH . 'wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/image.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
require_once ABSPATH . 'wp-admin/includes/media.php';

if (!is_blog_installed()) {
  wp_install('Le blog de test', 'redaction', 'redaction@example.org', true, '', $adminPassword, 'fr_FR');
}
update_option('permalink_structure', '/%year%/%postname%/');
update_option('siteurl', $siteUrl);
update_option('home', $siteUrl);
flush_rewrite_rules(true);
$user = get_user_by('login', 'redaction');
wp_update_user(['ID' => $user->ID, 'display_name' => 'Camille Rédaction', 'user_nicename' => 'camille']);
wp_set_current_user($user->ID);

// The application password Piquante reads drafts with (shown once, as WordPress does).
[$appPassword] = WP_Application_Passwords::create_new_application_password($user->ID, ['name' => 'piquante-' . time()]);

$category = term_exists('Mode', 'category') ?: wp_insert_term('Mode', 'category', ['slug' => 'mode']);
$tag = term_exists('Été', 'post_tag') ?: wp_insert_term('Été', 'post_tag', ['slug' => 'ete']);
$categoryId = (int) $category['term_id'];
$tagId = (int) $tag['term_id'];

// A real PNG drawn by GD, in the media library.
$uploads = wp_upload_dir();
$file = $uploads['path'] . '/robe-framboise.png';
$image = imagecreatetruecolor(1400, 900);
imagefill($image, 0, 0, imagecolorallocate($image, 200, 40, 90));
imagepng($image, $file);
$attachment = wp_insert_attachment(
  ['post_mime_type' => 'image/png', 'post_title' => 'Robe framboise', 'post_status' => 'inherit'],
  $file
);
wp_update_attachment_metadata($attachment, wp_generate_attachment_metadata($attachment, $file));
update_post_meta($attachment, '_wp_attachment_image_alt', 'Une robe framboise');

$existing = get_posts(['name' => 'la-robe-framboise', 'post_type' => 'post', 'post_status' => 'any']);
if (!$existing) {
  $first = wp_insert_post([
    'post_title' => 'La robe framboise &amp; l’été',
    'post_name' => 'la-robe-framboise',
    'post_content' => "<!-- wp:paragraph -->\n<p>Une robe couleur <strong>groseille</strong> pour les soirs d’été.</p>\n<!-- /wp:paragraph -->\n<p>Un piège : <script>alert(1)</script></p>",
    'post_excerpt' => 'La couleur de la saison.',
    'post_status' => 'publish',
    'post_author' => $user->ID,
    'post_category' => [$categoryId],
    'tags_input' => ['ete'],
  ]);
  set_post_thumbnail($first, $attachment);
  wp_insert_post([
    'post_title' => 'Le carnet de plage',
    'post_name' => 'le-carnet-de-plage',
    'post_content' => '<p>Lire au soleil, avec un chapeau de paille.</p>',
    'post_status' => 'publish',
    'post_author' => $user->ID,
    'post_category' => [$categoryId],
  ]);
}
for ($i = 1; $i <= (int) $generated; $i++) {
  wp_insert_post([
    'post_title' => "Article généré $i",
    'post_name' => "article-genere-$i",
    'post_content' => "<p>Texte de l’article généré numéro $i, sur la mode et la beauté.</p>",
    'post_status' => 'publish',
    'post_author' => $user->ID,
    'post_category' => [$categoryId],
  ], false, false);
  if ($i % 1000 === 0) fwrite(STDERR, "$i posts\n");
}

echo "WORDPRESS_URL=$siteUrl\n";
echo "WORDPRESS_USER=redaction\n";
echo "WORDPRESS_APP_PASSWORD=$appPassword\n";
echo "WORDPRESS_ADMIN_PASSWORD=$adminPassword\n";
