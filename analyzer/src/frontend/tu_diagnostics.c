/* What a parse's error diagnostics say. */
#include "tu_diagnostics.h"

#include "string_list.h"

#include <stdlib.h>
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

/* The first 'quoted' name of text after prefix, when text starts with prefix. */
static char *quoted_after(const char *text, const char *prefix)
{
	const char *start, *end;

	if (strncmp(text, prefix, strlen(prefix)) != 0)
		return NULL;
	start = text + strlen(prefix);
	if (*start != '\'')
		return NULL;
	end = strchr(start + 1, '\'');
	return end && end > start + 1 ? xstrndup(start + 1, (size_t)(end - start - 1)) : NULL;
}

/* Each error diagnostic's text to fn; stops when fn returns nonzero. */
static void each_error(CXTranslationUnit tu, int (*fn)(const char *text, void *data), void *data)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int stop = 0;

	for (unsigned i = 0; i < n && !stop; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString s = clang_getDiagnosticSpelling(d);

			stop = fn(clang_getCString(s), data);
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
}

struct missing_walk {
	struct string_list *names;
	unsigned max, count;
};

static int note_missing(const char *text, void *data)
{
	struct missing_walk *w = data;
	char *name;

	if (!text || !strstr(text, "' file not found"))
		return 0;
	w->count++;
	name = quoted_after(text, "");
	if (name && w->names->len < w->max && !string_list_contains(w->names, name))
		string_list_push(w->names, name);
	free(name);
	return 0;
}

unsigned tu_missing_headers(CXTranslationUnit tu, struct string_list *names, unsigned max)
{
	struct missing_walk w = { names, max, 0 };

	each_error(tu, note_missing, &w);
	return w.count;
}

static int note_undeclared(const char *text, void *data)
{
	struct string_list *names = data;
	char *name = text ? quoted_after(text, "call to undeclared function ") : NULL;

	if (!name && text)
		name = quoted_after(text, "implicit declaration of function ");
	if (name && !string_list_contains(names, name))
		string_list_push(names, name);
	free(name);
	return 0;
}

void tu_undeclared_functions(CXTranslationUnit tu, struct string_list *names)
{
	each_error(tu, note_undeclared, names);
}
