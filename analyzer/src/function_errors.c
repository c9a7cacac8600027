/* Error diagnostics counted per function (function_errors.h). */
#include "function_errors.h"

#include <string.h>

/* The function of funcs[0..n) whose lines [loc, end_loc] hold line; NULL if none. */
static struct ir_function *function_at(struct ir_function *funcs, size_t n, unsigned line)
{
	for (size_t i = 0; i < n; i++)
		if (funcs[i].loc.line <= line && line <= funcs[i].end_loc.line)
			return &funcs[i];
	return NULL;
}

/*
 * A diagnostic in a macro expansion counts where the macro is used (the
 * expansion location: inside the function that uses it); one in a
 * driver header's static inline function where it is spelled.
 */
static void count_one(CXDiagnostic d, struct lowered_file *lf)
{
	CXSourceLocation at = clang_getDiagnosticLocation(d);
	struct ir_function *fn;
	unsigned line = 0;
	CXFile file = NULL;

	if (clang_Location_isFromMainFile(at)) {
		clang_getExpansionLocation(at, NULL, &line, NULL, NULL);
		fn = function_at(lf->funcs, lf->nfuncs, line);
		if (fn)
			fn->nerrors++;
		return;
	}
	clang_getSpellingLocation(at, &file, &line, NULL, NULL);
	if (!file || !lf->nheader_funcs)
		return;
	CXString name = clang_getFileName(file);
	const char *path = clang_getCString(name);

	for (size_t i = 0; path && i < lf->nheader_funcs; i++) {
		struct ir_function *h = &lf->header_funcs[i];

		if (h->header && strcmp(h->header, path) == 0 && h->loc.line <= line &&
		    line <= h->end_loc.line) {
			h->nerrors++;
			break;
		}
	}
	clang_disposeString(name);
}

unsigned function_errors_count(CXTranslationUnit tu, struct lowered_file *lf)
{
	unsigned n = clang_getNumDiagnostics(tu), damaged = 0;

	for (size_t i = 0; i < lf->nfuncs; i++)
		lf->funcs[i].nerrors = 0;
	for (size_t i = 0; i < lf->nheader_funcs; i++)
		lf->header_funcs[i].nerrors = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			count_one(d, lf);
		clang_disposeDiagnostic(d);
	}
	for (size_t i = 0; i < lf->nfuncs; i++)
		damaged += lf->funcs[i].nerrors > 0;
	return damaged;
}
