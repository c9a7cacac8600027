/*
 * Patch review (--diff, --git-diff): which files a patch touches, their
 * pre-patch text, and which findings the patch is responsible for.
 *
 * The tree on disk is the patched state.  A finding of a patched file is
 * reported when its line or one of its note lines was added or changed by
 * the patch, or when an analysis of the pre-patch text does not have it:
 * a patch that only removes a put_disk() is blamed for the leak it opens
 * at an unchanged "return err;", and so is a patch to a helper whose
 * summary makes an unchanged caller leak; findings that were there before
 * are not reported, in the functions the patch touches or elsewhere.
 * "Has it" is decided through the patch's line mapping (same rule, same
 * message, same lines), not by fingerprint: a fingerprint cannot tell two
 * identical "return err;" lines of one function apart once a patch closes
 * one leak and opens the other.
 */
#ifndef GENDISK_LINT_PATCH_REVIEW_H
#define GENDISK_LINT_PATCH_REVIEW_H

#include "frontend.h"
#include "string_list.h"
#include "unified_diff.h"

#include <stddef.h>

struct review_options {
	const char *diff_file;   /* --diff FILE, "-" for stdin */
	const char *git_rev;     /* --git-diff REV */
	int staged;              /* --staged: the index against REV (default HEAD) */
	int strip;               /* --diff-strip N; -1: guess from the tree */
};

struct review_file {
	char *path;              /* as opened and printed (relative to the cwd) */
	const struct diff_file *diff;
	char *new_text;          /* --staged: the index's version; NULL: the file on disk */
	size_t new_len;
	char *old_text;          /* the pre-patch text; NULL for a new file */
	size_t old_len;
};

struct patch_review {
	struct patch patch;
	struct review_file *files; /* the patch's C files that exist after it */
	size_t nfiles;
	size_t not_reported;     /* findings also present before the patch */
};

/* Reads the patch (or asks git) and the old texts; 0, or -1 with err. */
int patch_review_load(struct patch_review *rv, const struct review_options *o, char *err,
		      size_t errlen);
/*
 * The files to analyse: the review's C files, restricted to the command
 * line's FILE|DIR inputs when there are any (inputs the patch does not touch
 * are named on stderr and ignored).
 */
void patch_review_select(const struct patch_review *rv, const struct string_list *inputs,
			 struct string_list *files);
const struct review_file *patch_review_find(const struct patch_review *rv, const char *path);

/* Some finding of res is on no changed line: only the pre-patch analysis can tell. */
int patch_review_needs_old(const struct review_file *rf, const struct file_result *res);
/*
 * Drops the findings on unchanged lines that the pre-patch analysis
 * (old) also has: same rule and message, and its line and note lines are
 * the same lines of the file, mapped through the hunks.
 */
void patch_review_drop_older(struct patch_review *rv, const struct review_file *rf,
			     struct file_result *res, char **fps, const struct finding_list *old);
void patch_review_free(struct patch_review *rv);

#endif
