/* Removing findings from a list (suppressed or baselined ones). */
#ifndef GENDISK_LINT_FINDING_FILTER_H
#define GENDISK_LINT_FINDING_FILTER_H

#include "findings.h"

/* Frees and removes every item k with drop[k] set; keeps the order of the rest. */
void finding_list_drop(struct finding_list *list, const unsigned char *drop);

#endif
