/*
 * Line-independent fingerprints of findings, for SARIF partialFingerprints
 * and baselines: a finding keeps its fingerprint when code above it moves.
 */
#ifndef GENDISK_LINT_FINGERPRINT_H
#define GENDISK_LINT_FINGERPRINT_H

#include "findings.h"
#include "source_text.h"

#include <stddef.h>

/* The partialFingerprints key naming this scheme (bump on any change). */
#define FINGERPRINT_KEY "gendiskLint/v1"

/*
 * One fingerprint per finding of a sorted list (owned array of owned strings,
 * 32 hex digits): a hash of the rule id, the file as displayed, the function,
 * the primary line's text with whitespace runs collapsed, and the occurrence
 * index among the file's findings that agree on all of those.
 */
char **fingerprints_compute(const struct finding_list *list, const char *display,
			    const struct source_text *src);
void fingerprints_free(char **fps, size_t n);

#endif
