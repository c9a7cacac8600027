/* Expand directories into their *.c files, in a stable (sorted) order. */
#include "input_files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk_dir(const char *dir, struct string_list *files, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct string_list names = { 0 };

	if (!d || depth > 64) {
		if (d)
			closedir(d);
		return;
	}
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			string_list_push(&names, e->d_name);
	closedir(d);
	if (names.len)
		qsort(names.items, names.len, sizeof(*names.items), cmp_str);
	for (size_t i = 0; i < names.len; i++) {
		char *p = strcmp(dir, "/") == 0 ? xasprintf("/%s", names.items[i])
						 : xasprintf("%s/%s", dir, names.items[i]);
		struct stat st;
		size_t n = strlen(p);

		if (stat(p, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				walk_dir(p, files, depth + 1);
			else if (S_ISREG(st.st_mode) && n > 2 && strcmp(p + n - 2, ".c") == 0)
				string_list_push(files, p);
		}
		free(p);
	}
	string_list_free(&names);
}

int expand_input(const char *arg, struct string_list *files, char *err, size_t errlen)
{
	struct stat st;

	if (stat(arg, &st) != 0) {
		snprintf(err, errlen, "%s: %s", arg, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		size_t n = strlen(arg);
		char *dir = xstrdup(arg);

		while (n > 1 && dir[n - 1] == '/')
			dir[--n] = '\0';
		walk_dir(dir, files, 0);
		free(dir);
		return 0;
	}
	string_list_push(files, arg);
	return 0;
}
