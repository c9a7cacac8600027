/* Error diagnostics of a parse, by location (see parse_damage.h). */
#include "parse_damage.h"

#include "string_list.h"

#include <stdint.h>
#include <stdlib.h>

static int spot_cmp(const void *a, const void *b)
{
	const struct damage_spot *x = a, *y = b;
	uintptr_t fx = (uintptr_t)x->file, fy = (uintptr_t)y->file;

	if (fx != fy)
		return fx < fy ? -1 : 1;
	return (x->offset > y->offset) - (x->offset < y->offset);
}

void parse_damage_init(struct parse_damage *pd, CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);

	pd->spots = NULL;
	pd->len = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile file = NULL;
		unsigned offset = 0;

		if (sev == CXDiagnostic_Error || sev == CXDiagnostic_Fatal) {
			clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL,
					      &offset);
			if (file) {
				if (!pd->spots)
					pd->spots = xmalloc(n * sizeof(*pd->spots));
				pd->spots[pd->len].file = file;
				pd->spots[pd->len].offset = offset;
				pd->len++;
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (pd->len > 1)
		qsort(pd->spots, pd->len, sizeof(*pd->spots), spot_cmp);
}

void parse_damage_free(struct parse_damage *pd)
{
	free(pd->spots);
	pd->spots = NULL;
	pd->len = 0;
}

/* Index of the first spot not before (file, offset). */
static size_t lower_bound(const struct parse_damage *pd, CXFile file, unsigned offset)
{
	struct damage_spot key = { file, offset };
	size_t lo = 0, hi = pd->len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (spot_cmp(&pd->spots[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t parse_damage_count(const struct parse_damage *pd, CXFile file, unsigned begin,
			  unsigned end)
{
	if (!pd || !pd->len || !file || end <= begin)
		return 0;
	return lower_bound(pd, file, end) - lower_bound(pd, file, begin);
}
