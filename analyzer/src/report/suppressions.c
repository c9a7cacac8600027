/* Inline suppressions (see suppressions.h). */
#include "suppressions.h"

#include "finding_filter.h"
#include "string_list.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const struct rule without_reason_rule = {
	.id = RULE_SUPPRESSION_WITHOUT_REASON,
	.severity = "warning",
	.confidence = "high",
	.summary = "an inline suppression gives no reason",
	.explain =
		"Why: a suppression hides a finding from every later review; the reason is\n"
		"what lets a reviewer check that the finding is really wrong or accepted.\n"
		"The finding stays suppressed; the suppression itself is reported.\n"
		"\n"
		"Wrong:\n"
		"\t/* gendisk-lint: ignore[disk-leak] */\n"
		"\n"
		"Right:\n"
		"\t/* gendisk-lint: ignore[disk-leak] put by foo_free_disk() via ->free_disk */\n"
		"\n"
		"Fix: write after the closing ']' why the finding does not apply.\n",
};

static const struct rule unused_rule = {
	.id = RULE_UNUSED_SUPPRESSION,
	.severity = "warning",
	.confidence = "high",
	.summary = "an inline suppression matches no finding (--report-unused-suppressions)",
	.explain =
		"Why: a suppression whose finding is gone (the code was fixed or moved) or\n"
		"that names an unknown rule would silently hide a future finding on that\n"
		"line.  Reported only with --report-unused-suppressions; suppressions of\n"
		"rules not run (--rule, --disable) are not judged.\n"
		"\n"
		"Wrong:\n"
		"\t/* gendisk-lint: ignore[double-put] old workaround */\n"
		"\tput_disk(disk);   (reported once only nowadays)\n"
		"\n"
		"Right: no suppression where nothing is reported.\n"
		"\n"
		"Fix: delete the suppression, or move it to the line of the finding.\n",
};

static const struct rule *const own_rules[] = { &without_reason_rule, &unused_rule };

size_t suppression_rules_count(void)
{
	return sizeof(own_rules) / sizeof(own_rules[0]);
}

const struct rule *suppression_rule_at(size_t i)
{
	return own_rules[i];
}

const struct rule *suppression_rule_find(const char *id)
{
	for (size_t i = 0; i < suppression_rules_count(); i++)
		if (strcmp(own_rules[i]->id, id) == 0)
			return own_rules[i];
	return NULL;
}

struct suppression {
	struct ir_loc loc;  /* the comment */
	char *rule;         /* one id of the ignore[...] list */
	int has_reason;
	int used;
};

struct suppression_list {
	struct suppression *items;
	size_t len;
};

static void add_suppression(struct suppression_list *l, struct ir_loc loc, const char *id,
			    size_t idlen, int has_reason)
{
	struct suppression *s;

	l->items = xrealloc(l->items, (l->len + 1) * sizeof(*l->items));
	s = &l->items[l->len++];
	s->loc = loc;
	s->rule = xstrndup(id, idlen);
	s->has_reason = has_reason;
	s->used = 0;
}

/* Parses "gendisk-lint: ignore[ids] reason" after a comment opener at p. */
static void parse_directive(struct suppression_list *l, struct ir_loc loc, const char *p,
			    int block)
{
	static const char tag[] = "gendisk-lint:";
	const char *ids, *end, *reason, *reason_end;
	int has_reason = 0;

	while (*p == ' ' || *p == '\t' || (block && *p == '*' && p[1] != '/'))
		p++;
	if (strncmp(p, tag, sizeof(tag) - 1) != 0)
		return;
	p += sizeof(tag) - 1;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, "ignore[", 7) != 0)
		return;
	ids = p + 7;
	end = strchr(ids, ']');
	if (!end)
		return;
	reason = end + 1;
	reason_end = block ? strstr(reason, "*/") : NULL;
	if (!reason_end)
		reason_end = reason + strlen(reason);
	for (const char *r = reason; r < reason_end; r++)
		if (!isspace((unsigned char)*r))
			has_reason = 1;
	while (ids < end) {
		const char *comma = memchr(ids, ',', (size_t)(end - ids));
		const char *stop = comma ? comma : end, *a = ids, *b = stop;

		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if (b > a)
			add_suppression(l, loc, a, (size_t)(b - a), has_reason);
		ids = stop + 1;
	}
}

/* Every suppression comment of the file (outside string and char literals of its line). */
static void scan(const struct source_text *src, struct suppression_list *l)
{
	for (size_t n = 0; n < src->nlines; n++) {
		const char *line = src->lines[n];

		for (const char *p = line; *p; p++) {
			if (*p == '"' || *p == '\'') { /* skip a string or char literal */
				char quote = *p;

				for (p++; *p && *p != quote; p++)
					if (*p == '\\' && p[1])
						p++;
				if (!*p)
					break;
				continue;
			}
			if (p[0] == '/' && (p[1] == '*' || p[1] == '/')) {
				struct ir_loc loc = { (unsigned)n + 1, (unsigned)(p - line) + 1 };
				const char *close;

				parse_directive(l, loc, p + 2, p[1] == '*');
				if (p[1] == '/' || !(close = strstr(p + 2, "*/")))
					break; /* the rest of the line is comment */
				p = close + 1;
			}
		}
	}
}

void suppressions_apply(struct finding_list *list, const struct source_text *src,
			const unsigned char *rule_enabled, int report_unused)
{
	struct suppression_list sl = { 0 };
	unsigned char *drop;

	scan(src, &sl);
	if (!sl.len)
		return;
	drop = xcalloc(list->len ? list->len : 1, 1);
	for (size_t k = 0; k < list->len; k++) {
		const struct finding *f = &list->items[k];

		for (size_t s = 0; s < sl.len; s++) {
			struct suppression *sup = &sl.items[s];

			if (strcmp(sup->rule, f->rule_id) == 0 &&
			    (sup->loc.line == f->loc.line || sup->loc.line + 1 == f->loc.line)) {
				sup->used = 1;
				drop[k] = 1;
			}
		}
	}
	finding_list_drop(list, drop);
	free(drop);
	for (size_t s = 0; s < sl.len; s++) {
		struct suppression *sup = &sl.items[s];
		int known = rule_index(sup->rule);

		if (!sup->has_reason)
			finding_add(list, without_reason_rule.id, without_reason_rule.severity,
				    without_reason_rule.confidence, sup->loc, "",
				    xasprintf("suppression of '%s' gives no reason: say why "
					      "the finding does not apply", sup->rule));
		if (!report_unused || sup->used)
			continue;
		if (known < 0)
			finding_add(list, unused_rule.id, unused_rule.severity,
				    unused_rule.confidence, sup->loc, "",
				    xasprintf("suppression names unknown rule '%s'", sup->rule));
		else if (rule_enabled[known])
			finding_add(list, unused_rule.id, unused_rule.severity,
				    unused_rule.confidence, sup->loc, "",
				    xasprintf("unused suppression: no '%s' finding on this "
					      "line or the next", sup->rule));
	}
	for (size_t s = 0; s < sl.len; s++)
		free(sl.items[s].rule);
	free(sl.items);
	finding_list_sort(list);
}
