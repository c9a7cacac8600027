/* A precompiled header of the kernel headers block drivers include most. */
#include "header_cache.h"

#include "cache_dir.h"
#include "flag_translation.h"
#include "fnv_hash.h"
#include "local_headers.h"
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
 * in blkdev.h).  Headers a file does not include only add declarations it
 * does not use; the smoke suite proves the findings do not change.
 */
const char *const header_cache_headers[] = {
	"linux/module.h", "linux/slab.h", "linux/fs.h", "linux/blkdev.h", "linux/blk-mq.h", NULL,
};

struct pch_entry {
	uint64_t key;
	char *path;   /* NULL: could not be built */
	int rejected; /* a parse with it failed */
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
	for (size_t i = 0; i < hc->len; i++)
		free(hc->entries[i].path);
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
	return h;
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
