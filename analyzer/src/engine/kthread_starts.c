/* Kernel threads started and stopped on a driver's object (kthread_starts.h). */
#include "kthread_starts.h"

#include "file_rules.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

#define KT_DEPTH 4 /* helper levels followed */
#define KT_PATH_LEN 256

/* The data argument's index of a call that creates a kernel thread, -1
 * otherwise; *runs: the call also wakes it (kthread_run*). */
static int create_data_arg(const struct ir_node *call, int *runs)
{
	static const char *const run[] = { "kthread_run", "kthread_run_on_cpu" };
	static const char *const create[] = { "kthread_create", "kthread_create_on_node",
					       "kthread_create_on_cpu" };
	const char *name = ir_api_name(call);

	*runs = 0;
	for (size_t i = 0; i < sizeof(run) / sizeof(run[0]); i++)
		if (!strcmp(name, run[i])) {
			*runs = 1;
			return ir_call_nargs(call) > 1 ? 1 : -1;
		}
	for (size_t i = 0; i < sizeof(create) / sizeof(create[0]); i++)
		if (!strcmp(name, create[i]))
			return ir_call_nargs(call) > 1 ? 1 : -1;
	return -1;
}

static int wake_visit(const struct ir_node *n, void *data)
{
	int *hit = data;

	if (n->kind == IR_CALL && !strcmp(ir_api_name(n), "wake_up_process"))
		*hit = 1;
	return !*hit;
}

static int wakes(const struct ir_function *fn)
{
	int hit = 0;

	ir_walk(fn->body, wake_visit, &hit);
	return hit;
}

/* The path of an argument, & and casts seen through. */
static int arg_path(const struct ir_node *arg, char *buf, size_t len)
{
	arg = ir_strip(arg);
	if (arg && arg->kind == IR_UNARY && arg->op == CXUnaryOperator_AddrOf && arg->nkids == 1)
		arg = arg->kids[0];
	return ir_path_text(arg, buf, len);
}

/* The parameter of fn a path is rooted at, or -1. */
static int path_param(const struct ir_function *fn, const char *path)
{
	size_t root = strcspn(path, "-.[");

	for (unsigned p = 0; p < fn->nparams; p++)
		if (fn->params[p] && strlen(fn->params[p]) == root &&
		    !strncmp(fn->params[p], path, root))
			return (int)p;
	return -1;
}

static int starts(const struct lowered_file *lf, const struct ir_function *fn,
		  const struct ir_node *call, char *buf, size_t len, const char **via, int depth);

struct param_scan {
	const struct lowered_file *lf;
	const struct ir_function *fn;
	int depth;
	unsigned char started[64]; /* per parameter */
};

static int param_visit(const struct ir_node *n, void *data)
{
	struct param_scan *s = data;
	char buf[KT_PATH_LEN];
	const char *via;
	int p;

	if (n->kind == IR_CALL && starts(s->lf, s->fn, n, buf, sizeof(buf), &via, s->depth) &&
	    (p = path_param(s->fn, buf)) >= 0 && p < 64)
		s->started[p] = 1;
	return 1;
}

static int starts(const struct lowered_file *lf, const struct ir_function *fn,
		  const struct ir_node *call, char *buf, size_t len, const char **via, int depth)
{
	const struct ir_function *h;
	struct param_scan s;
	int runs, ai = create_data_arg(call, &runs);

	*via = NULL;
	if (ai >= 0)
		return (runs || wakes(fn)) && arg_path(ir_call_arg(call, (unsigned)ai), buf, len);
	if (depth >= KT_DEPTH || !lf || !(h = lowered_function(lf, ir_call_name(call))) || h == fn ||
	    !h->body)
		return 0;
	memset(&s, 0, sizeof(s));
	s.lf = lf;
	s.fn = h;
	s.depth = depth + 1;
	ir_walk(h->body, param_visit, &s);
	for (unsigned p = 0; p < h->nparams && p < 64 && p < ir_call_nargs(call); p++)
		if (s.started[p] && arg_path(ir_call_arg(call, p), buf, len)) {
			*via = h->name;
			return 1;
		}
	return 0;
}

int kthread_call_starts(const struct lowered_file *lf, const struct ir_function *fn,
			const struct ir_node *call, char *buf, size_t len, const char **via)
{
	return call && call->kind == IR_CALL && starts(lf, fn, call, buf, len, via, 0);
}

static int stops(const struct lowered_file *lf, const struct ir_node *call, int depth);

struct stop_scan {
	const struct lowered_file *lf;
	int depth;
	int hit;
};

static int stop_visit(const struct ir_node *n, void *data)
{
	struct stop_scan *s = data;

	if (!s->hit && n->kind == IR_CALL && stops(s->lf, n, s->depth))
		s->hit = 1;
	return !s->hit;
}

static int stops(const struct lowered_file *lf, const struct ir_node *call, int depth)
{
	const char *name = ir_api_name(call);
	const struct ir_function *h;
	struct stop_scan s = { lf, depth + 1, 0 };

	if (!strcmp(name, "kthread_stop") || !strcmp(name, "kthread_stop_put"))
		return 1;
	if (depth >= KT_DEPTH || !lf || !(h = lowered_function(lf, ir_call_name(call))) || !h->body)
		return 0;
	ir_walk(h->body, stop_visit, &s);
	return s.hit;
}

int kthread_call_stops(const struct lowered_file *lf, const struct ir_node *call)
{
	return call && call->kind == IR_CALL && stops(lf, call, 0);
}
