/* Collect, deduplicate and order findings. */
#include "findings.h"

#include "string_list.h"

#include <stdlib.h>
#include <string.h>

const char *finding_severity(const char *name)
{
	static const char *const known[] = { "error", "warning", "info" };

	for (size_t i = 0; name && i < sizeof(known) / sizeof(known[0]); i++)
		if (strcmp(name, known[i]) == 0)
			return known[i];
	return NULL;
}

struct finding *finding_add(struct finding_list *list, const char *rule_id, const char *severity,
			    const char *confidence, struct ir_loc loc, const char *function,
			    char *message)
{
	struct finding *f;

	for (size_t i = 0; i < list->len; i++) {
		f = &list->items[i];
		if (f->loc.line == loc.line && f->loc.col == loc.col &&
		    strcmp(f->rule_id, rule_id) == 0) {
			free(message);
			return NULL;
		}
	}
	if (list->len == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 16;
		list->items = xrealloc(list->items, list->cap * sizeof(*list->items));
	}
	f = &list->items[list->len++];
	memset(f, 0, sizeof(*f));
	f->rule_id = rule_id;
	f->severity = severity;
	f->confidence = confidence;
	f->loc = loc;
	f->function = xstrdup(function ? function : "");
	f->message = message;
	return f;
}

void finding_add_note(struct finding *f, struct ir_loc loc, char *message)
{
	if (!f || loc.line == 0) {
		free(message);
		return;
	}
	f->notes = xrealloc(f->notes, (f->nnotes + 1) * sizeof(*f->notes));
	f->notes[f->nnotes].loc = loc;
	f->notes[f->nnotes].message = message;
	f->nnotes++;
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;

	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	return strcmp(x->rule_id, y->rule_id);
}

void finding_list_sort(struct finding_list *list)
{
	if (list->len > 1)
		qsort(list->items, list->len, sizeof(*list->items), cmp_finding);
}

void finding_list_free(struct finding_list *list)
{
	for (size_t i = 0; i < list->len; i++) {
		struct finding *f = &list->items[i];

		for (unsigned k = 0; k < f->nnotes; k++)
			free(f->notes[k].message);
		free(f->notes);
		free(f->function);
		free(f->message);
	}
	free(list->items);
	memset(list, 0, sizeof(*list));
}
