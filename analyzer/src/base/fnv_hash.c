/* FNV-1a 64-bit hashing (see fnv_hash.h). */
#include "fnv_hash.h"

#include <string.h>

#define FNV1A64_PRIME 0x100000001b3ULL

uint64_t fnv1a64_bytes(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= FNV1A64_PRIME;
	}
	return h;
}

uint64_t fnv1a64_str(uint64_t h, const char *s)
{
	return fnv1a64_bytes(h, s, strlen(s) + 1);
}
