/* Whole-file rule hooks: context, reporting, IR walk (see file_rules.h). */
#include "file_rules.h"

#include "rules.h"
#include "string_list.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct finding *file_report(const struct file_context *fc, struct ir_loc loc,
			    const char *function, const char *fmt, ...)
{
	const struct rule *r = rule_at((size_t)rule_index(fc->rule_id));
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		abort();
	va_end(ap);
	return finding_add(fc->findings, r->id, r->severity, r->confidence, loc,
			   function ? function : "", msg);
}

void ir_walk(const struct ir_node *n, ir_visit_fn visit, void *data)
{
	if (!n || !visit(n, data))
		return;
	for (unsigned i = 0; i < n->nkids; i++)
		ir_walk(n->kids[i], visit, data);
}

int ir_path_text(const struct ir_node *n, char *buf, size_t len)
{
	size_t used;

	n = ir_strip(n);
	if (!n || len < 4)
		return 0;
	if (n->kind == IR_DECLREF && n->name) {
		return snprintf(buf, len, "%s", n->name) < (int)len;
	} else if (n->kind == IR_MEMBER && n->nkids == 1 && n->name) {
		if (!ir_path_text(n->kids[0], buf, len))
			return 0;
		used = strlen(buf);
		return snprintf(buf + used, len - used, "%s%s", n->flags & IRF_ARROW ? "->" : ".",
				n->name) < (int)(len - used);
	} else if (n->kind == IR_SUBSCRIPT && n->nkids == 2) {
		if (!ir_path_text(n->kids[0], buf, len))
			return 0;
		used = strlen(buf);
		return snprintf(buf + used, len - used, "[]") < (int)(len - used);
	}
	return 0;
}

const struct ir_field_init *ir_global_field(const struct ir_global *g, const char *name)
{
	for (unsigned i = 0; i < g->nfields; i++)
		if (strcmp(g->fields[i].name, name) == 0)
			return &g->fields[i];
	return NULL;
}

void run_file_rules(const struct lowered_file *lf, struct module_facts *facts,
		    const struct lint_target *target, const unsigned char *rule_enabled,
		    struct finding_list *findings)
{
	for (size_t i = 0; i < rules_count(); i++) {
		const struct rule *r = rule_at(i);
		struct file_context fc = {
			.lf = lf, .target = target, .findings = findings, .rule_id = r->id,
			.facts = facts,
		};

		if (rule_enabled[i] && r->on_file)
			r->on_file(&fc);
	}
}
