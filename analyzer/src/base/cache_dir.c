/* The project's cache directory (derived flags, precompiled headers). */
#include "cache_dir.h"

#include "string_list.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

char *cache_root(void)
{
	const char *env = getenv("GENDISK_CHECK_CACHE");

	if (env && *env)
		return xstrdup(env);
	env = getenv("XDG_CACHE_HOME");
	if (env && *env)
		return xasprintf("%s/gendisk-check", env);
	env = getenv("HOME");
	return xasprintf("%s/.cache/gendisk-check", env && *env ? env : "/tmp");
}

int cache_dir_create(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *q = p + 1; *q && rc == 0; q++) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			rc = -1;
		*q = '/';
	}
	if (rc == 0 && mkdir(p, 0755) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}
