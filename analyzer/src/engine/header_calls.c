/* Report a header function's finding at its calls in the main file (header_calls.h). */
#include "header_calls.h"

#include "string_list.h"

#include <stdlib.h>
#include <string.h>

static void report_calls(const struct ir_function *callee, const struct ir_function *caller,
			 const struct ir_node *n, const struct finding *hf,
			 struct finding_list *findings)
{
	if (!n)
		return;
	if (n->kind == IR_CALL && strcmp(ir_call_name(n), callee->name) == 0) {
		const char *base = strrchr(callee->header, '/');
		const char *here = strstr(hf->message, " here: ");
		int head = here ? (int)(here - hf->message) : (int)strlen(hf->message);
		char *msg = xasprintf("%.*s in %s() at %s:%u:%u (allocated at line %u)%s", head,
				      hf->message, callee->name, base ? base + 1 : callee->header,
				      hf->loc.line, hf->loc.col,
				      hf->nnotes ? hf->notes[0].loc.line : 0u,
				      here ? here + 5 : "");

		finding_add(findings, hf->rule_id, hf->severity, hf->confidence, n->loc,
			    caller->name, msg);
	}
	for (unsigned i = 0; i < n->nkids; i++)
		report_calls(callee, caller, n->kids[i], hf, findings);
}

void header_finding_at_calls(const struct lowered_file *lf, const struct ir_function *callee,
			     const struct finding *hf, struct finding_list *findings)
{
	for (size_t i = 0; i < lf->nfuncs; i++)
		report_calls(callee, &lf->funcs[i], lf->funcs[i].body, hf, findings);
}
