/* A precompiled header of the kernel headers block drivers include most. */
#ifndef GENDISK_LINT_HEADER_CACHE_H
#define GENDISK_LINT_HEADER_CACHE_H

#include "string_list.h"

#include <clang-c/Index.h>

/*
 * Parsing a driver file is almost all header parsing: linux/blkdev.h and
 * friends are ~0.45 s of clang's time per file, the driver itself a few
 * milliseconds.  The cache precompiles HEADER_CACHE_HEADERS once per flag
 * set (the kernel's flags minus the per-file KBUILD_* names), stores the
 * PCH under <cache root>/pch/<key>.pch (key: libclang's version, the
 * flags, the header list) and hands its path to files that fit (see
 * include_prefix.h).  Thread-safe; several processes building the same
 * PCH serialise on a lock file.
 */
struct header_cache;

extern const char *const header_cache_headers[];

/* dir: where the .pch files live (created when missing). */
struct header_cache *header_cache_new(const char *dir);
/*
 * The PCH for these (translated) flags, built on first use with index;
 * NULL when it cannot be built (headers missing, disk full ...): the file
 * is then parsed the plain way.  The path stays valid until
 * header_cache_free.
 */
const char *header_cache_pch(struct header_cache *hc, CXIndex index,
			     const struct string_list *flags);
/*
 * What the files the PCH for these flags was built from do with the
 * identifier name[0..len): 0 when none of them mentions it (a macro of
 * that name, defined or undefined before the includes, cannot change what
 * they declare), else HC_NAME_MENTIONED, plus HC_NAME_DEFINED when one of
 * them #defines it; -1 when the PCH or its list of names is not available.
 */
#define HC_NAME_MENTIONED 1
#define HC_NAME_DEFINED 2
int header_cache_name_use(struct header_cache *hc, CXIndex index,
			  const struct string_list *flags, const char *name, size_t len);
/* A parse with this PCH failed (stale or corrupt): never hand it out again. */
void header_cache_reject(struct header_cache *hc, const char *pch);
void header_cache_free(struct header_cache *hc);

#endif
