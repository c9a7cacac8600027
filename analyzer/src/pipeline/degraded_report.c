/* The words for a degraded analysis (degraded_report.h). */
#include "degraded_report.h"

#include <stdlib.h>
#include <string.h>

/* The first error without clang's explanation after "; " (C99 ...). */
static char *short_error(const struct file_result *res)
{
	const char *e = res->first_error ? res->first_error : "?";
	const char *cut = strstr(e, "; ");

	return cut ? xstrndup(e, (size_t)(cut - e)) : xstrdup(e);
}

/* "3 of 12 functions analysed on a damaged parse (first error: ...)" */
static char *damage_text(const struct file_result *res, unsigned errors)
{
	char *first = short_error(res), *text;

	if (res->degraded_functions)
		text = xasprintf("%u of %zu function%s analysed on a damaged parse (first error: %s)",
				 res->degraded_functions, res->nfunctions,
				 res->nfunctions == 1 ? "" : "s", first);
	else if (res->nfunctions)
		text = xasprintf("%u parse error%s outside the %zu function%s (first error: %s)",
				 errors, errors == 1 ? "" : "s", res->nfunctions,
				 res->nfunctions == 1 ? "" : "s", first);
	else
		text = xasprintf("%u parse error%s and no function definition recognised "
				 "(first error: %s)", errors, errors == 1 ? "" : "s", first);
	free(first);
	return text;
}

void degraded_report(struct file_result *res, const char *display, int have_kernel_flags,
		     unsigned errors)
{
	char *damage;

	if (have_kernel_flags && !errors) {
		res->status = FILE_OK;
		res->message = xstrdup("ok");
		return;
	}
	res->status = FILE_DEGRADED;
	damage = errors ? damage_text(res, errors) : NULL;
	res->message = xasprintf("degraded: %s%s%s; findings may be missing or wrong",
				 have_kernel_flags ? "" : "no kernel flags given (--kdir or -p)",
				 !have_kernel_flags && damage ? "; " : "", damage ? damage : "");
	res->stderr_note = xasprintf("gendisk-lint: %s: note: %s", display, res->message);
	free(damage);
}
