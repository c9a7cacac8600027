/* GCC kernel flags -> clang parse flags: keep what changes the parse, drop the rest. */
#include "flag_translation.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Options whose value may be a separate word and which are kept. */
static const char *const kept_with_value[] = {
	"-I", "-isystem", "-iquote", "-idirafter", "-include", "-imacros",
	"-D", "-U", NULL,
};

/* Options taking a separate word that are dropped together with it. */
static const char *const dropped_with_value[] = {
	"-o", "-MF", "-MT", "-MQ", "-x", "-Xassembler", "-Xlinker", "-aux-info",
	"--param", "-Xclang", "-target", NULL,
};

/* Exact flags that are kept: they decide macros, types or the language. */
static const char *const kept_exact[] = {
	"-nostdinc", "-m64", "-m32", "-mno-sse", "-mno-mmx", "-mno-sse2",
	"-mno-3dnow", "-mno-avx", "-mno-80387", "-mno-red-zone",
	"-fshort-wchar", "-funsigned-char", "-fsigned-char", "-fno-common",
	"-fno-PIE", "-fno-pie", "-fno-strict-aliasing", "-ffreestanding",
	"-fms-extensions", "-fno-delete-null-pointer-checks",
	"-fno-strict-overflow", "-fstack-protector", "-fstack-protector-strong",
	"-fstack-protector-all", "-fno-stack-protector", NULL,
};

/* Prefixes of flags that are kept. */
static const char *const kept_prefix[] = {
	"-std=", "-mcmodel=", "-O", "-fno-builtin", NULL,
};

static int in_list(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

static int has_prefix_in(const char *const *list, const char *s)
{
	for (; *list; list++)
		if (strncmp(s, *list, strlen(*list)) == 0)
			return 1;
	return 0;
}

static int is_path_option(const char *opt)
{
	return strcmp(opt, "-D") != 0 && strcmp(opt, "-U") != 0;
}

static char *absolute_against(const char *path, const char *base_dir)
{
	if (path[0] == '/' || !base_dir || !*base_dir)
		return xstrdup(path);
	if (path[0] == '.' && path[1] == '/')
		path += 2;
	return xasprintf("%s/%s", base_dir, path);
}

static int is_kbuild_name_define(const char *def)
{
	return strncmp(def, "KBUILD_BASENAME=", 16) == 0 ||
	       strncmp(def, "KBUILD_MODNAME=", 15) == 0 ||
	       strncmp(def, "__KBUILD_MODNAME=", 17) == 0;
}

static void push_option(struct string_list *out, const char *opt, const char *value,
			const char *base_dir, int keep_kbuild_names)
{
	if (!keep_kbuild_names && strcmp(opt, "-D") == 0 && is_kbuild_name_define(value))
		return;
	if (is_path_option(opt)) {
		string_list_push(out, opt);
		string_list_push_owned(out, absolute_against(value, base_dir));
	} else {
		string_list_push_owned(out, xasprintf("%s%s", opt, value));
	}
}

void translate_gcc_flags(const struct string_list *words, const char *base_dir,
			 int keep_kbuild_names, struct string_list *out)
{
	for (size_t i = 0; i < words->len; i++) {
		const char *w = words->items[i];
		int matched = 0;

		if (w[0] != '-')
			continue; /* compiler name, input files, stray words: not flags */
		for (const char *const *k = kept_with_value; *k; k++) {
			if (strcmp(w, *k) == 0) {
				if (i + 1 < words->len)
					push_option(out, *k, words->items[++i], base_dir,
						    keep_kbuild_names);
				matched = 1;
				break;
			}
		}
		/* joined forms of the two-letter options: -Ifoo, -DX=1, -UX */
		if (!matched && (w[1] == 'I' || w[1] == 'D' || w[1] == 'U') && w[2]) {
			char opt[3] = { '-', w[1], '\0' };

			push_option(out, opt, w + 2, base_dir, keep_kbuild_names);
			matched = 1;
		}
		if (matched)
			continue;
		if (strncmp(w, "-isystem", 8) == 0 && w[8]) {
			push_option(out, "-isystem", w + 8, base_dir, keep_kbuild_names);
			continue;
		}
		if (strncmp(w, "-iquote", 7) == 0 && w[7]) {
			push_option(out, "-iquote", w + 7, base_dir, keep_kbuild_names);
			continue;
		}
		if (in_list(dropped_with_value, w)) {
			i++;
			continue;
		}
		if (in_list(kept_exact, w) || has_prefix_in(kept_prefix, w))
			string_list_push(out, w);
		/* everything else (GCC-only codegen flags, -W*, -g, -c, -pg ...) is dropped */
	}
}

void kbuild_name_defines(const char *file, struct string_list *out)
{
	const char *base = strrchr(file, '/');
	size_t n;
	char *name;

	base = base ? base + 1 : file;
	n = strcspn(base, ".");
	name = xstrndup(base, n);
	for (char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p))
			*p = '_';
	string_list_push_owned(out, xasprintf("-DKBUILD_BASENAME=\"%s\"", name));
	string_list_push_owned(out, xasprintf("-DKBUILD_MODNAME=\"%s\"", name));
	string_list_push_owned(out, xasprintf("-D__KBUILD_MODNAME=kmod_%s", name));
	free(name);
}

void parse_noise_flags(struct string_list *out)
{
	string_list_push(out, "-w");
	string_list_push(out, "-Wno-everything");
	/* kbuild's own -Werror=implicit-function-declaration (dropped with the
	 * other -W flags): a call of a function the headers do not declare is
	 * an error diagnostic, so the file counts as degraded and the call's
	 * name is known (tu_undeclared_functions) */
	string_list_push(out, "-Werror=implicit-function-declaration");
	string_list_push(out, "-ferror-limit=0");
}
