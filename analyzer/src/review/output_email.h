/*
 * --format=email: findings as a reply to a patch on a mailing list.  With a
 * patch (--diff/--git-diff) its hunks are quoted with "> " and each finding
 * is written under the quoted line it is about; without one, the source
 * lines before each finding are quoted.  Plain text, wrapped at 72 columns.
 */
#ifndef GENDISK_LINT_OUTPUT_EMAIL_H
#define GENDISK_LINT_OUTPUT_EMAIL_H

#include "output.h"
#include "patch_review.h"

/* jobs[i] is how files[i] was read; rv is NULL without a patch. */
void output_email(FILE *out, const struct output_file *files, size_t n,
		  const struct file_job *jobs, const struct patch_review *rv);

#endif
