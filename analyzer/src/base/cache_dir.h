/* The project's cache directory (derived flags, precompiled headers). */
#ifndef GENDISK_LINT_CACHE_DIR_H
#define GENDISK_LINT_CACHE_DIR_H

/* The cache root: $GENDISK_CHECK_CACHE, else $XDG_CACHE_HOME/gendisk-check,
 * else $HOME/.cache/gendisk-check (owned by the caller). */
char *cache_root(void);
/* mkdir -p; 0 or -1 with errno set. */
int cache_dir_create(const char *path);

#endif
