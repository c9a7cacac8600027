/* Parse with KeepGoing, count missing headers, pick the target kernel, analyse. */
#include "frontend.h"

#include "ast_lowering.h"
#include "flag_translation.h"
#include "kernel_version.h"
#include "typestate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned count_missing_headers(CXTranslationUnit tu, unsigned *errors)
{
	unsigned n = clang_getNumDiagnostics(tu), missing = 0;

	*errors = 0;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error) {
			CXString s = clang_getDiagnosticSpelling(d);
			const char *text = clang_getCString(s);

			(*errors)++;
			if (text && strstr(text, "file not found"))
				missing++;
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	return missing;
}

static void record_function_extents(const struct lowered_file *lf, struct file_result *res)
{
	res->functions = xcalloc(lf->nfuncs ? lf->nfuncs : 1, sizeof(*res->functions));
	res->nfunctions = lf->nfuncs;
	for (size_t i = 0; i < lf->nfuncs; i++) {
		res->functions[i].name = xstrdup(lf->funcs[i].name);
		res->functions[i].first_line = lf->funcs[i].loc.line;
		res->functions[i].last_line = lf->funcs[i].end_loc.line;
	}
}

void analyse_one(CXIndex index, const struct file_job *job, const struct analysis_settings *set,
		 struct file_result *res)
{
	struct string_list args = { 0 };
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	unsigned errors = 0, missing;
	struct lowered_file lf;
	struct lint_target target;
	FILE *probe;
	struct CXUnsavedFile unsaved = { job->path, job->contents, (unsigned long)job->contents_len };

	memset(res, 0, sizeof(*res));
	probe = job->contents ? NULL : fopen(job->path, "r");
	if (!probe && !job->contents) {
		res->status = FILE_ERROR;
		res->message = xasprintf("cannot open %s", job->path);
		return;
	}
	if (probe)
		fclose(probe);
	if (job->flags)
		string_list_extend(&args, job->flags);
	if (job->add_kbuild_names)
		kbuild_name_defines(job->path, &args);
	parse_noise_flags(&args);
	if (job->extra)
		string_list_extend(&args, job->extra);
	rc = clang_parseTranslationUnit2(index, job->path, (const char *const *)args.items,
					 (int)args.len, job->contents ? &unsaved : NULL,
					 job->contents ? 1 : 0,
					 CXTranslationUnit_KeepGoing |
						 CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
					 &tu);
	string_list_free(&args);
	if (rc != CXError_Success || !tu) {
		res->status = FILE_ERROR;
		res->message = xasprintf("libclang could not parse %s (error %d)", job->path, (int)rc);
		return;
	}
	missing = count_missing_headers(tu, &errors);
	if (!job->have_kernel_flags) {
		res->status = FILE_INCOMPLETE;
		res->message = xstrdup("no kernel flags given; analysing what parses");
		res->stderr_note = xasprintf("gendisk-lint: %s: note: %s", job->display, res->message);
	} else if (missing) {
		res->status = FILE_INCOMPLETE;
		res->message = xasprintf("%u headers missing; results may be incomplete", missing);
		res->stderr_note = xasprintf("gendisk-lint: %s: note: %s", job->display, res->message);
	} else {
		res->status = FILE_OK;
		res->message = xstrdup(errors ? "parsed with errors" : "ok");
	}
	lint_target_set(&target, set->kernel_override ? set->kernel_override
						       : kernel_version_of_tu(tu, job->flags));
	res->version_code = target.version_code;
	lower_main_file(tu, &lf);
	analyse_file(&lf, &target, set->rule_enabled, &res->findings);
	record_function_extents(&lf, res);
	finding_list_sort(&res->findings);
	lowered_file_free(&lf);
	clang_disposeTranslationUnit(tu);
}

void file_result_free(struct file_result *res)
{
	free(res->message);
	free(res->stderr_note);
	finding_list_free(&res->findings);
	for (size_t i = 0; i < res->nfunctions; i++)
		free(res->functions[i].name);
	free(res->functions);
	memset(res, 0, sizeof(*res));
}
