/* Files of a kernel source tree: its root, its version, kbuild's include paths for them. */
#include "kernel_tree.h"

#include "dir_ccflags.h"
#include "read_file.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int is_file(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	struct stat st;
	int ok = stat(p, &st) == 0 && S_ISREG(st.st_mode);

	free(p);
	return ok;
}

/* The number after "NAME =" at the start of a line of text, or -1. */
static int make_variable(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *p = l;

		if (strncmp(p, name, n) != 0)
			continue;
		p += n;
		p += strspn(p, " \t");
		if (*p != '=')
			continue;
		p++;
		p += strspn(p, " \t");
		if (*p >= '0' && *p <= '9')
			return atoi(p);
	}
	return -1;
}

static int makefile_version(const char *dir)
{
	char *path = xasprintf("%s/Makefile", dir);
	char *text = read_file(path, NULL);
	int v = -1, p = -1;

	free(path);
	if (text) {
		v = make_variable(text, "VERSION");
		p = make_variable(text, "PATCHLEVEL");
		free(text);
	}
	return v >= 0 && p >= 0 && p < 256 ? v * 256 + p : -1;
}

int kernel_tree_root(const char *dir, int *version)
{
	int v;

	if (!is_file(dir, "include/linux/blkdev.h") || !is_file(dir, "Makefile"))
		return 0;
	v = makefile_version(dir);
	if (v < 0)
		return 0;
	if (version)
		*version = v;
	return 1;
}

char *kernel_tree_of(const char *path, int *version)
{
	char *real = realpath(path, NULL), *slash;
	struct stat st;

	if (!real)
		return NULL;
	if (stat(real, &st) == 0 && S_ISDIR(st.st_mode) && kernel_tree_root(real, version))
		return real;
	while ((slash = strrchr(real, '/')) != NULL) {
		*slash = '\0';
		if (kernel_tree_root(*real ? real : "/", version)) {
			if (!*real) {
				free(real);
				return xstrdup("/");
			}
			return real;
		}
	}
	free(real);
	return NULL;
}

int kernel_tree_kdir_version(const char *kdir)
{
	char *path = xasprintf("%s/include/generated/uapi/linux/version.h", kdir);
	char *text = read_file(path, NULL);
	const char *p;
	int v = -1;

	free(path);
	if (text && (p = strstr(text, "LINUX_VERSION_CODE")) != NULL) {
		long code = strtol(p + strlen("LINUX_VERSION_CODE"), NULL, 10);

		if (code > 0)
			v = (int)(code >> 8);
	}
	free(text);
	if (v < 0)
		v = makefile_version(kdir);
	return v;
}

#define KCONFIG_SUFFIX "/include/linux/kconfig.h"

/* The source tree of the kdir's flags: where its kconfig.h lies, or NULL. */
static char *flags_source_root(const struct string_list *base)
{
	for (size_t i = 0; i + 1 < base->len; i++) {
		const char *a = base->items[i + 1];
		size_t n = strlen(a), s = strlen(KCONFIG_SUFFIX);

		if (strcmp(base->items[i], "-include") == 0 && n > s &&
		    strcmp(a + n - s, KCONFIG_SUFFIX) == 0)
			return xstrndup(a, n - s);
	}
	return NULL;
}

/* path under src moved to root, if root has it; else NULL. */
static char *moved(const char *path, const char *src, const char *root)
{
	size_t n = strlen(src);
	struct stat st;
	char *p;

	if (strncmp(path, src, n) != 0 || (path[n] != '/' && path[n] != '\0'))
		return NULL;
	p = xasprintf("%s%s", root, path + n);
	if (stat(p, &st) == 0)
		return p;
	free(p);
	return NULL;
}

int kernel_tree_flags(const struct string_list *base, const char *root, struct string_list *out)
{
	static const char *const path_flags[] = { "-I", "-include", "-isystem", "-idirafter",
						  "-iquote", "-imacros", NULL };
	char *src = flags_source_root(base);
	int changed = 0;

	for (size_t i = 0; i < base->len; i++) {
		const char *a = base->items[i];
		int takes_path = 0;
		char *m;

		for (const char *const *f = path_flags; *f; f++)
			takes_path |= strcmp(a, *f) == 0;
		string_list_push(out, a);
		if (!takes_path || i + 1 >= base->len)
			continue;
		a = base->items[++i];
		m = src ? moved(a, src, root) : NULL;
		if (m) {
			changed |= strcmp(m, a) != 0;
			string_list_push_owned(out, m);
		} else {
			string_list_push(out, a);
		}
	}
	free(src);
	return changed;
}

void kernel_tree_file_includes(const char *root, const char *file, struct string_list *out)
{
	char *real = realpath(file, NULL), *slash;

	if (!real)
		return;
	slash = strrchr(real, '/');
	if (slash && slash != real) {
		*slash = '\0';
		string_list_push(out, "-I");
		string_list_push(out, real);
		dir_ccflags_includes(root, real, out);
	}
	free(real);
}
