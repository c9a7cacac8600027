/*
 * FNV-1a, 64 bit: the one small, stable hash behind the cache keys
 * (header_cache.c, kdir_flags.c) and the findings' fingerprints
 * (fingerprint.c).  Not cryptographic; the same input gives the same
 * value on every machine and run.
 */
#ifndef GENDISK_LINT_FNV_HASH_H
#define GENDISK_LINT_FNV_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The FNV-1a 64-bit offset basis: the usual start value of a hash. */
#define FNV1A64_OFFSET_BASIS 0xcbf29ce484222325ULL

/* @h continued over the @len bytes at @data. */
uint64_t fnv1a64_bytes(uint64_t h, const void *data, size_t len);

/*
 * @h continued over the string @s and its terminating '\0', so that a
 * sequence of strings hashes with separators ("ab","c" != "a","bc").
 */
uint64_t fnv1a64_str(uint64_t h, const char *s);

#endif
