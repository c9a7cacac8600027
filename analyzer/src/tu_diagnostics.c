/* What a parse's error diagnostics say. */
#include "tu_diagnostics.h"

#include "string_list.h"

#include <string.h>

static int contains_any(const char *text, const char *const *needles)
{
	for (size_t i = 0; text && needles && needles[i]; i++)
		if (strstr(text, needles[i]))
			return 1;
	return 0;
}

unsigned tu_error_count(CXTranslationUnit tu, const char *const *needles, unsigned *matching)
{
	unsigned n = clang_getNumDiagnostics(tu), errors = 0;

	if (matching)
		*matching = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			errors++;
			if (matching && needles) {
				CXString s = clang_getDiagnosticSpelling(d);

				*matching += (unsigned)contains_any(clang_getCString(s), needles);
				clang_disposeString(s);
			}
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

char *tu_first_error(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	char *first = NULL;

	for (unsigned i = 0; i < n && !first; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString s = clang_getDiagnosticSpelling(d);

			first = xstrdup(clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	return first;
}
