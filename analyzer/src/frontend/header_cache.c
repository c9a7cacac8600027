/* A precompiled header of the kernel headers block drivers include most. */
#include "header_cache.h"

#include "cache_dir.h"
#include "flag_translation.h"
#include "fnv_hash.h"
#include "local_headers.h"
#include "read_file.h"
#include "tu_diagnostics.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * The set, from what the files include: over linux-source-6.12's
 * drivers/block (58 files) linux/slab.h is in 35, linux/module.h 34,
 * linux/blk-mq.h 18, linux/fs.h 15, linux/blkdev.h 15 (and blk-mq.h pulls
 * in blkdev.h).  The block drivers that speak to the network (nbd, drbd,
 * aoe, rnbd, rbd) spend most of their parse in the socket and net-device
 * headers, which nothing above pulls in: net/sock.h and linux/netdevice.h
 * took a third off the cached parse of drivers/block, with no file
 * losing the cache; linux/cdrom.h is the other header of that kind
 * (pktcdvd, the CD drivers).  Headers the five above already mostly pull
 * in (pci.h, interrupt.h, kthread.h...) saved little, and, included late
 * by drivers' own headers, cost 9 of the 329 files of drivers/ that
 * include linux/blkdev.h the cache (include_prefix.h): they are not in.
 * Headers a file does not include only add declarations it does not use
 * (one it declares otherwise makes the parse redo itself without the
 * cache, frontend.c); the header-cache suite proves the findings do not
 * change.
 */
const char *const header_cache_headers[] = {
	"linux/module.h", "linux/slab.h", "linux/fs.h", "linux/blkdev.h", "linux/blk-mq.h",
	"linux/cdrom.h", "linux/netdevice.h", "net/sock.h", NULL,
};

struct pch_entry {
	uint64_t key;
	char *path;   /* NULL: could not be built */
	int rejected; /* a parse with it failed */
	/* the identifiers of the files the PCH was built from (its .names
	 * file, sorted), read on first use; names_ok: it could be read */
	char *names_text;
	const char **names;
	unsigned char *defined; /* names[i] is #defined by one of those files */
	size_t nnames;
	int names_read, names_ok;
};

struct header_cache {
	char *dir;
	pthread_mutex_t lock;
	struct pch_entry *entries;
	size_t len, cap;
};

struct header_cache *header_cache_new(const char *dir)
{
	struct header_cache *hc = xcalloc(1, sizeof(*hc));

	hc->dir = xstrdup(dir);
	pthread_mutex_init(&hc->lock, NULL);
	return hc;
}

void header_cache_free(struct header_cache *hc)
{
	if (!hc)
		return;
	for (size_t i = 0; i < hc->len; i++) {
		free(hc->entries[i].path);
		free(hc->entries[i].names_text);
		free(hc->entries[i].names);
		free(hc->entries[i].defined);
	}
	free(hc->entries);
	pthread_mutex_destroy(&hc->lock);
	free(hc->dir);
	free(hc);
}

/* -DKBUILD_MODNAME=..., -D KBUILD_BASENAME=..., -D__KBUILD_MODNAME=...: per file. */
static int per_file_define(const char *def)
{
	return strncmp(def, "KBUILD_", 7) == 0 || strncmp(def, "__KBUILD_", 9) == 0;
}

/*
 * The flags the PCH is built with: all but the per-file names and the
 * driver-local include dirs, so one PCH serves a whole tree.  Those stay
 * on the file's own command line; the cached headers are <linux/...>
 * headers, found in the kernel's dirs.
 */
static void base_flags(const struct string_list *flags, struct string_list *out)
{
	for (size_t i = 0; i < flags->len; i++) {
		const char *f = flags->items[i];
		const char *next = i + 1 < flags->len ? flags->items[i + 1] : NULL;

		if (!f)
			continue;
		if (strcmp(f, "-D") == 0 && next && per_file_define(next)) {
			i++;
			continue;
		}
		if (strncmp(f, "-D", 2) == 0 && per_file_define(f + 2))
			continue;
		if ((strcmp(f, "-I") == 0 || strcmp(f, "-iquote") == 0) && next &&
		    local_include_dir(next)) {
			i++;
			continue;
		}
		if (strncmp(f, "-I", 2) == 0 && f[2] && local_include_dir(f + 2))
			continue;
		if (strncmp(f, "-iquote", 7) == 0 && f[7])
			continue;
		string_list_push(out, f);
	}
}

static uint64_t cache_key(const struct string_list *base)
{
	CXString v = clang_getClangVersion();
	uint64_t h = fnv1a64_str(FNV1A64_OFFSET_BASIS, clang_getCString(v));
	struct string_list noise = { 0 };

	clang_disposeString(v);
	for (size_t i = 0; i < base->len; i++)
		h = fnv1a64_str(h, base->items[i]);
	/* the PCH is built with them: a change of them is another PCH */
	parse_noise_flags(&noise);
	for (size_t i = 0; i < noise.len; i++)
		h = fnv1a64_str(h, noise.items[i]);
	string_list_free(&noise);
	for (size_t i = 0; header_cache_headers[i]; i++)
		h = fnv1a64_str(h, header_cache_headers[i]);
	/* a PCH comes with its .names file (since this tag) */
	h = fnv1a64_str(h, "names-2");
	return h;
}

/* A set of identifiers (open addressing, FNV-1a). */
struct name_set {
	char **slots;
	size_t cap, len;
};

static void name_set_add(struct name_set *ns, const char *w, size_t n)
{
	size_t i;

	if ((ns->len + 1) * 2 > ns->cap) {
		struct name_set big = { xcalloc(ns->cap ? ns->cap * 2 : 4096, sizeof(char *)),
					ns->cap ? ns->cap * 2 : 4096, 0 };

		for (size_t k = 0; k < ns->cap; k++) {
			if (!ns->slots[k])
				continue;
			i = fnv1a64_str(FNV1A64_OFFSET_BASIS, ns->slots[k]) & (big.cap - 1);
			while (big.slots[i])
				i = (i + 1) & (big.cap - 1);
			big.slots[i] = ns->slots[k];
			big.len++;
		}
		free(ns->slots);
		*ns = big;
	}
	{
		char *word = xstrndup(w, n);

		i = fnv1a64_str(FNV1A64_OFFSET_BASIS, word) & (ns->cap - 1);
		while (ns->slots[i] && strcmp(ns->slots[i], word) != 0)
			i = (i + 1) & (ns->cap - 1);
		if (ns->slots[i]) {
			free(word);
			return;
		}
		ns->slots[i] = word;
		ns->len++;
	}
}

static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static int name_set_has(const struct name_set *ns, const char *word)
{
	size_t i;

	if (!ns->cap)
		return 0;
	i = fnv1a64_str(FNV1A64_OFFSET_BASIS, word) & (ns->cap - 1);
	while (ns->slots[i] && strcmp(ns->slots[i], word) != 0)
		i = (i + 1) & (ns->cap - 1);
	return ns->slots[i] != NULL;
}

/* The name a "#define" starting at text[i] (a '#' first on its line)
 * defines: its offset in *at and length, or 0. */
static size_t defined_name(const char *text, size_t len, size_t i, size_t *at)
{
	size_t j = i + 1, k;

	while (j < len && (text[j] == ' ' || text[j] == '\t'))
		j++;
	if (len - j < 7 || strncmp(text + j, "define", 6) != 0 ||
	    (text[j + 6] != ' ' && text[j + 6] != '\t'))
		return 0;
	j += 6;
	while (j < len && (text[j] == ' ' || text[j] == '\t'))
		j++;
	for (k = j; k < len && ident_char(text[k]); k++)
		;
	*at = j;
	return k - j;
}

/* Every word of the file, comments and strings included (a superset of
 * the identifiers its preprocessing can look at), and into defs the names
 * of its #defines (in comments too: a superset again). */
static int add_file_words(struct name_set *ns, struct name_set *defs, const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len);
	int line_start = 1;

	if (!text)
		return -1;
	for (size_t i = 0; i < len;) {
		size_t j = i;

		if (text[i] == '\n') {
			line_start = 1;
			i++;
			continue;
		}
		if (text[i] == '#' && line_start) {
			size_t at = 0, n = defined_name(text, len, i, &at);

			if (n)
				name_set_add(defs, text + at, n);
		}
		if (text[i] != ' ' && text[i] != '\t')
			line_start = 0;
		if (!ident_char(text[i])) {
			i++;
			continue;
		}
		while (j < len && ident_char(text[j]))
			j++;
		if (!(text[i] >= '0' && text[i] <= '9'))
			name_set_add(ns, text + i, j - i);
		i = j;
	}
	free(text);
	return 0;
}

struct inclusion_walk {
	struct name_set *names, *defs;
	int failed;
};

static void on_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
			 CXClientData data)
{
	struct inclusion_walk *w = data;
	CXString name = clang_getFileName(file);
	const char *path = clang_getCString(name);

	(void)stack;
	(void)depth;
	if (!path || add_file_words(w->names, w->defs, path) != 0)
		w->failed = 1;
	clang_disposeString(name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The .names file: every identifier of every file the PCH was built from
 * (the header list, the -include files, all they include), sorted, one a
 * line, followed by " #" when one of them #defines it.  A macro the driver
 * defines before its includes whose name is not among them cannot change
 * what those headers declare, nor an #undef of one none of them defines
 * (include_prefix.h).
 */
static int write_names(CXTranslationUnit tu, const char *names)
{
	struct name_set ns = { 0 }, defs = { 0 };
	struct inclusion_walk w = { &ns, &defs, 0 };
	char **sorted;
	size_t n = 0;
	char *tmp;
	FILE *f;
	int ok;

	clang_getInclusions(tu, on_inclusion, &w);
	sorted = xcalloc(ns.len ? ns.len : 1, sizeof(*sorted));
	for (size_t i = 0; i < ns.cap; i++)
		if (ns.slots[i])
			sorted[n++] = ns.slots[i];
	qsort(sorted, n, sizeof(*sorted), cmp_str);
	tmp = xasprintf("%s.%ld.tmp", names, (long)getpid());
	f = w.failed || !n ? NULL : fopen(tmp, "w");
	ok = f != NULL;
	for (size_t i = 0; ok && i < n; i++)
		ok = fprintf(f, "%s%s\n", sorted[i], name_set_has(&defs, sorted[i]) ? " #" : "") > 0;
	if (f && fclose(f) != 0)
		ok = 0;
	ok = ok && rename(tmp, names) == 0;
	if (!ok)
		unlink(tmp);
	free(tmp);
	for (size_t i = 0; i < n; i++)
		free(sorted[i]);
	free(sorted);
	free(ns.slots);
	for (size_t i = 0; i < defs.cap; i++)
		free(defs.slots[i]);
	free(defs.slots);
	return ok ? 0 : -1;
}

static char *names_path(const char *pch)
{
	size_t n = strlen(pch);

	/* <key>.pch -> <key>.names */
	return xasprintf("%.*s.names", (int)(n > 4 ? n - 4 : n), pch);
}

/* Precompile the header list into pch (via a temporary file, renamed). */
static int build_pch(CXIndex index, const struct string_list *base, const char *header,
		     const char *pch)
{
	struct string_list args = { 0 };
	CXTranslationUnit tu = NULL;
	FILE *f;
	char *tmp;
	int ok;

	f = fopen(header, "w");
	if (!f)
		return -1;
	fputs("/* gendisk-lint's header cache (src/header_cache.c) */\n", f);
	for (size_t i = 0; header_cache_headers[i]; i++)
		fprintf(f, "#include <%s>\n", header_cache_headers[i]);
	if (fclose(f) != 0)
		return -1;
	string_list_extend(&args, base);
	parse_noise_flags(&args);
	string_list_push(&args, "-x");
	string_list_push(&args, "c-header");
	ok = clang_parseTranslationUnit2(index, header, (const char *const *)args.items,
					 (int)args.len, NULL, 0,
					 CXTranslationUnit_ForSerialization |
						 CXTranslationUnit_Incomplete,
					 &tu) == CXError_Success && tu && tu_error_count(tu, NULL, NULL) == 0;
	string_list_free(&args);
	tmp = xasprintf("%s.%ld.tmp", pch, (long)getpid());
	ok = ok && clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) ==
			   CXSaveError_None;
	if (ok) {
		/* before the PCH appears: whoever finds the PCH finds its names
		 * (without them, defines before the includes stay harmful) */
		char *names = names_path(pch);

		write_names(tu, names);
		free(names);
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	ok = ok && rename(tmp, pch) == 0;
	if (!ok)
		unlink(tmp);
	free(tmp);
	return ok ? 0 : -1;
}

/* Find or build the PCH file for this key; NULL on failure. */
static char *pch_file(struct header_cache *hc, CXIndex index, const struct string_list *base,
		      uint64_t key)
{
	char *stem = xasprintf("%s/%016llx", hc->dir, (unsigned long long)key);
	char *pch = xasprintf("%s.pch", stem), *header = xasprintf("%s.h", stem);
	char *lockname = xasprintf("%s.lock", stem);
	struct stat st;
	int fd, ok;

	free(stem);
	if (cache_dir_create(hc->dir) != 0) {
		ok = 0;
		goto out;
	}
	/* Another process may be building it: wait for it, then look. */
	fd = open(lockname, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0)
		flock(fd, LOCK_EX);
	ok = stat(pch, &st) == 0 && st.st_size > 0;
	if (!ok)
		ok = build_pch(index, base, header, pch) == 0;
	if (fd >= 0)
		close(fd); /* releases the lock */
out:
	free(lockname);
	free(header);
	if (!ok) {
		free(pch);
		return NULL;
	}
	return pch;
}

const char *header_cache_pch(struct header_cache *hc, CXIndex index,
			     const struct string_list *flags)
{
	struct string_list base = { 0 };
	const char *found = NULL;
	uint64_t key;
	size_t i;

	base_flags(flags, &base);
	key = cache_key(&base);
	pthread_mutex_lock(&hc->lock);
	for (i = 0; i < hc->len && hc->entries[i].key != key; i++)
		;
	if (i == hc->len) {
		if (hc->len == hc->cap) {
			hc->cap = hc->cap ? hc->cap * 2 : 4;
			hc->entries = xrealloc(hc->entries, hc->cap * sizeof(*hc->entries));
		}
		/* Built under the lock: the other threads need the same file. */
		memset(&hc->entries[hc->len], 0, sizeof(hc->entries[hc->len]));
		hc->entries[hc->len].key = key;
		hc->entries[hc->len].path = pch_file(hc, index, &base, key);
		hc->entries[hc->len].rejected = 0;
		hc->len++;
	}
	found = hc->entries[i].rejected ? NULL : hc->entries[i].path;
	pthread_mutex_unlock(&hc->lock);
	string_list_free(&base);
	return found;
}

/* Read e's .names file (once); under hc->lock. */
static void read_names(struct pch_entry *e)
{
	char *file, *p;
	size_t len = 0, cap = 0;

	if (e->names_read)
		return;
	e->names_read = 1;
	if (!e->path)
		return;
	file = names_path(e->path);
	e->names_text = read_file(file, &len);
	free(file);
	if (!e->names_text)
		return;
	for (p = e->names_text; *p;) {
		char *nl = strchr(p, '\n'), *sp;

		if (!nl)
			break;
		*nl = '\0';
		sp = strchr(p, ' ');
		if (sp)
			*sp = '\0';
		if (e->nnames == cap) {
			cap = cap ? cap * 2 : 4096;
			e->names = xrealloc(e->names, cap * sizeof(*e->names));
			e->defined = xrealloc(e->defined, cap);
		}
		/* sorted as written: a file out of order is not trusted */
		if (e->nnames && strcmp(e->names[e->nnames - 1], p) >= 0) {
			e->nnames = 0;
			return;
		}
		e->defined[e->nnames] = sp != NULL;
		e->names[e->nnames++] = p;
		p = nl + 1;
	}
	e->names_ok = e->nnames > 0 && *p == '\0';
}

/* The index of name in e->names, or -1. */
static long names_find(const struct pch_entry *e, const char *name, size_t len)
{
	size_t lo = 0, hi = e->nnames;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(e->names[mid], name, len);

		if (c == 0 && e->names[mid][len] != '\0')
			c = 1;
		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

int header_cache_name_use(struct header_cache *hc, CXIndex index,
			  const struct string_list *flags, const char *name, size_t len)
{
	const char *pch = header_cache_pch(hc, index, flags);
	int use = -1;

	if (!pch)
		return -1;
	pthread_mutex_lock(&hc->lock);
	for (size_t i = 0; i < hc->len; i++) {
		struct pch_entry *e = &hc->entries[i];

		if (e->path && strcmp(e->path, pch) == 0) {
			long at;

			read_names(e);
			if (!e->names_ok)
				break;
			at = names_find(e, name, len);
			use = at < 0 ? 0 : HC_NAME_MENTIONED | (e->defined[at] ? HC_NAME_DEFINED : 0);
			break;
		}
	}
	pthread_mutex_unlock(&hc->lock);
	return use;
}

void header_cache_reject(struct header_cache *hc, const char *pch)
{
	pthread_mutex_lock(&hc->lock);
	for (size_t i = 0; i < hc->len; i++) {
		if (hc->entries[i].path && !hc->entries[i].rejected &&
		    strcmp(hc->entries[i].path, pch) == 0) {
			/* Stale (headers changed since) or corrupt: rebuilt next run. */
			unlink(hc->entries[i].path);
			hc->entries[i].rejected = 1;
		}
	}
	pthread_mutex_unlock(&hc->lock);
}
