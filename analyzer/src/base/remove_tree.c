/* rm -rf of a scratch directory. */
#include "remove_tree.h"

#include "string_list.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void remove_tree(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char *p;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(p);
		else
			unlink(p);
		free(p);
	}
	closedir(d);
	rmdir(dir);
}
