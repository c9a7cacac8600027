/* Parse with KeepGoing, count missing headers, pick the target kernel, analyse. */
#include "frontend.h"

#include "api_generation.h"
#include "ast_lowering.h"
#include "block_layer_code.h"
#include "degraded_report.h"
#include "flag_translation.h"
#include "header_cache.h"
#include "headerless_prelude.h"
#include "include_prefix.h"
#include "kernel_version.h"
#include "read_file.h"
#include "token_prefilter.h"
#include "tu_diagnostics.h"
#include "typestate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

struct pch_query {
	CXIndex index;
	const struct file_job *job;
	const struct analysis_settings *set;
};

static int name_use_in_pch(const struct include_context *ctx, const char *name, size_t len)
{
	const struct pch_query *q = ctx->data;
	int use = header_cache_name_use(q->set->header_cache, q->index, q->job->flags, name, len);

	if (use <= 0)
		return use;
	return INCLUDE_NAME_MENTIONED | (use & HC_NAME_DEFINED ? INCLUDE_NAME_DEFINED : 0);
}

/* The PCH this file can be parsed with, or NULL and why not in *why. */
static const char *usable_pch(CXIndex index, const struct file_job *job,
			      const struct analysis_settings *set, const char *text, char **why)
{
	struct pch_query q = { index, job, set };
	struct include_context ctx = { job->path, job->flags, job->extra, name_use_in_pch, &q };
	const char *pch;
	unsigned line;

	*why = NULL;
	if (!set->header_cache)
		return NULL; /* --no-header-cache */
	if (!job->have_kernel_flags || !job->flags) {
		*why = xstrdup("header cache not used: no kernel flags");
		return NULL;
	}
	if (!include_prefix_fits(text, &ctx, header_cache_headers, &line)) {
		*why = line ? xasprintf("header cache not used: line %u may change what the "
					"headers declare", line)
			    : xstrdup("header cache not used: none of its headers is included");
		return NULL;
	}
	pch = header_cache_pch(set->header_cache, index, job->flags);
	*why = pch ? xasprintf("parsed with the header cache %s", pch)
		   : xstrdup("header cache not used: it could not be built for these flags");
	return pch;
}

/* A parse whose diagnostics blame the PCH (stale after a header change,
 * or unreadable) must be redone without it. */
static int pch_failed(CXTranslationUnit tu)
{
	static const char *const blame_pch[] = { "precompiled header", "PCH file", NULL };
	unsigned blamed;

	tu_error_count(tu, blame_pch, &blamed);
	return blamed > 0;
}

static enum CXErrorCode parse(CXIndex index, const struct file_job *job, const char *pch,
			      CXTranslationUnit *tu)
{
	struct string_list args = { 0 };
	enum CXErrorCode rc;
	struct CXUnsavedFile unsaved = { job->path, job->contents, (unsigned long)job->contents_len };

	if (job->flags)
		string_list_extend(&args, job->flags);
	if (!job->have_kernel_flags)
		headerless_prelude_flags(&args);
	if (job->add_kbuild_names)
		kbuild_name_defines(job->path, &args);
	parse_noise_flags(&args);
	if (pch) {
		string_list_push(&args, "-include-pch");
		string_list_push(&args, pch);
	}
	if (job->extra)
		string_list_extend(&args, job->extra);
	rc = clang_parseTranslationUnit2(index, job->path, (const char *const *)args.items,
					 (int)args.len, job->contents ? &unsaved : NULL,
					 job->contents ? 1 : 0,
					 CXTranslationUnit_KeepGoing |
						 CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles,
					 tu);
	string_list_free(&args);
	return rc;
}

void analyse_one(CXIndex index, const struct file_job *job, const struct analysis_settings *set,
		 struct file_result *res)
{
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	unsigned errors = 0;
	int headers_version;
	struct string_list undeclared = { 0 };
	struct lowered_file lf;
	struct lint_target target;
	const char *pch;
	char *text;

	memset(res, 0, sizeof(*res));
	/* job->contents: a text in memory (patch review's pre-patch version) */
	text = job->contents ? xstrndup(job->contents, job->contents_len) : read_file(job->path, NULL);
	if (!text) {
		res->status = FILE_ERROR;
		res->message = xasprintf("cannot open %s: %s", job->path, strerror(errno));
		return;
	}
	if (!set->include_block_core && block_core_file(job->path)) {
		free(text);
		res->status = FILE_OK;
		res->block_core = 1;
		res->message = xstrdup("not analysed: it implements the block layer (block/ of a "
				       "kernel tree), the rules judge drivers (--include-block-core "
				       "analyses it)");
		return;
	}
	if (set->prefilter_tokens &&
	    !token_prefilter_hit(job->path, text, job->flags, job->extra, set->prefilter_tokens)) {
		free(text);
		res->status = FILE_OK;
		res->prefiltered = 1;
		res->message = xstrdup("not parsed: no rule's trigger token occurs in it or its "
				       "local headers (token prefilter)");
		return;
	}
	pch = usable_pch(index, job, set, text, &res->header_cache_note);
	free(text);
	rc = parse(index, job, pch, &tu);
	if (pch && (rc != CXError_Success || !tu || pch_failed(tu))) {
		free(res->header_cache_note);
		res->header_cache_note = xasprintf("header cache not used: %s did not load "
						   "(removed; rebuilt on the next run)", pch);
		header_cache_reject(set->header_cache, pch);
		if (tu)
			clang_disposeTranslationUnit(tu);
		tu = NULL;
		rc = parse(index, job, NULL, &tu);
	}
	if (rc != CXError_Success || !tu) {
		res->status = FILE_ERROR;
		res->message = xasprintf("libclang could not parse %s (error %d)", job->path, (int)rc);
		return;
	}
	errors = tu_error_count(tu, NULL, NULL);
	res->first_error = errors ? tu_first_error(tu) : NULL;
	res->missing_headers = tu_missing_headers(tu, &res->first_missing_headers,
						  MAX_MISSING_HEADERS_SHOWN);
	tu_undeclared_functions(tu, &undeclared);
	headers_version = kernel_version_of_tu(tu, job->flags);
	lint_target_set(&target, set->kernel_override ? set->kernel_override : headers_version);
	res->version_code = target.version_code;
	lower_main_file(tu, &lf);
	res->degraded_functions = lowered_degraded_functions(&lf);
	analyse_file(&lf, &target, set->rule_enabled, &res->findings);
	record_function_extents(&lf, res);
	degraded_report(res, job->display, job->have_kernel_flags, errors);
	/* only kernel headers that tell their version can lack another generation's
	 * API; without them every kernel function is undeclared */
	if (job->have_kernel_flags && headers_version)
		res->api_generation_note = api_generation_note(&undeclared, headers_version);
	string_list_free(&undeclared);
	finding_list_sort(&res->findings);
	lowered_file_free(&lf);
	clang_disposeTranslationUnit(tu);
}

void file_result_free(struct file_result *res)
{
	free(res->message);
	free(res->stderr_note);
	free(res->header_cache_note);
	free(res->first_error);
	string_list_free(&res->first_missing_headers);
	free(res->api_generation_note);
	finding_list_free(&res->findings);
	for (size_t i = 0; i < res->nfunctions; i++)
		free(res->functions[i].name);
	free(res->functions);
	memset(res, 0, sizeof(*res));
}
