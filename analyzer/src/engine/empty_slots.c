/*
 * Slots of a file-scope table a tolerant init may leave empty or never
 * added (empty_slots.h).
 */
#include "empty_slots.h"
#include "file_rules.h"
#include "module_facts.h"

#include <clang-c/Index.h>
#include <string.h>

/* A file-scope variable named name (not a local, not a parameter). */
static int is_global_ref(const struct ir_node *n, const char *name)
{
	n = ir_strip(n);
	return n && n->kind == IR_DECLREF && n->name && (n->flags & IRF_VAR) &&
	       !(n->flags & (IRF_LOCAL | IRF_PARAM)) && (!name || strcmp(n->name, name) == 0);
}

/* array[x] or array[x].member (an element of the array itself): the
 * subscript, else NULL. */
static const struct ir_node *slot_subscript(const struct ir_node *n, const char *array)
{
	n = ir_strip(n);
	if (n && n->kind == IR_MEMBER && !(n->flags & IRF_ARROW) && n->nkids == 1)
		n = ir_strip(n->kids[0]);
	if (n && n->kind == IR_SUBSCRIPT && n->nkids == 2 && is_global_ref(n->kids[0], array))
		return n;
	return NULL;
}

static int is_assign(const struct ir_node *n)
{
	return n && n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2;
}

static int api_is(const struct ir_node *call, const char *const *names)
{
	const char *name = call && call->kind == IR_CALL ? ir_api_name(call) : NULL;

	for (; name && *names; names++)
		if (strcmp(name, *names) == 0)
			return 1;
	return 0;
}

static const char *const disk_allocators[] = {
	"blk_alloc_disk", "blk_mq_alloc_disk", "alloc_disk", "alloc_disk_node",
	"__blk_alloc_disk", "__blk_mq_alloc_disk", "__alloc_disk_node", NULL
};

/* A call returning a new disk. */
static int is_disk_call(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_CALL &&
	       ((n->flags & IRF_DISK_PTR) || api_is(n, disk_allocators));
}

/* Does fn give variable var a new disk (var = alloc(...), or its
 * declaration's initializer)? */
static int var_gets_disk(const struct ir_node *n, const char *var)
{
	if (!n)
		return 0;
	if (is_assign(n)) {
		const struct ir_node *l = ir_strip(n->kids[0]);

		if (l && l->kind == IR_DECLREF && l->name && strcmp(l->name, var) == 0 &&
		    is_disk_call(n->kids[1]))
			return 1;
	}
	if (n->kind == IR_DECL && n->name && strcmp(n->name, var) == 0 && n->nkids == 1 &&
	    is_disk_call(n->kids[0]))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (var_gets_disk(n->kids[i], var))
			return 1;
	return 0;
}

/* The index of fn's parameter the expression is (a plain reference), or -1. */
static int param_index(const struct ir_function *fn, const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n || n->kind != IR_DECLREF || !(n->flags & IRF_PARAM) || !n->name)
		return -1;
	for (unsigned i = 0; i < fn->nparams; i++)
		if (fn->params[i] && strcmp(fn->params[i], n->name) == 0)
			return (int)i;
	return -1;
}

struct store_search {
	const struct ir_function *fn;
	const char *array;
	int param;
	struct ir_loc loc;
};

static int find_store(const struct ir_node *n, void *data)
{
	struct store_search *s = data;
	const struct ir_node *sub, *r;

	if (s->param >= 0 || !is_assign(n) || !(sub = slot_subscript(n->kids[0], s->array)))
		return 1;
	r = ir_strip(n->kids[1]);
	if (!is_disk_call(r) &&
	    !(r && r->kind == IR_DECLREF && r->name && (r->flags & IRF_LOCAL) &&
	      var_gets_disk(s->fn->body, r->name)))
		return 1;
	s->param = param_index(s->fn, sub->kids[1]);
	s->loc = n->loc;
	return 1;
}

static int error_return(const struct ir_node *n, void *data)
{
	int *found = data;
	const struct ir_node *v;

	if (n->kind != IR_RETURN || n->nkids < 1)
		return 1;
	v = ir_strip(n->kids[0]);
	if (!(v && v->kind == IR_INTLIT && (v->flags & IRF_HAS_VALUE) && v->value == 0))
		*found = 1;
	return 1;
}

/* fn stores a new disk into array[param] (or a member of it) and can
 * return something else than 0: the parameter, or -1. */
static int filler_param(const struct ir_function *fn, const char *array, struct ir_loc *loc)
{
	struct store_search s = { .fn = fn, .array = array, .param = -1 };
	int fails = 0;

	if (!fn || !fn->body || fn->returns_void)
		return -1;
	ir_walk(fn->body, find_store, &s);
	if (s.param < 0)
		return -1;
	ir_walk(fn->body, error_return, &fails);
	if (!fails)
		return -1;
	*loc = s.loc;
	return s.param;
}

static const struct ir_node *loop_body(const struct ir_node *l)
{
	if (!l || !l->nkids)
		return NULL;
	return l->kind == IR_DO ? l->kids[0] : l->kids[l->nkids - 1];
}

static const struct ir_node *loop_cond(const struct ir_node *l)
{
	if (l->kind == IR_WHILE && l->nkids == 2)
		return l->kids[0];
	if (l->kind == IR_DO && l->nkids == 2)
		return l->kids[1];
	if (l->kind == IR_FOR && (l->flags & IRF_FOR_COND))
		return l->kids[(l->flags & IRF_FOR_INIT) ? 1 : 0];
	return NULL;
}

/* The bound of a counting loop: the right side of i < N / i <= N. */
static const struct ir_node *loop_bound(const struct ir_node *l)
{
	const struct ir_node *c = ir_strip(loop_cond(l));

	if (c && c->kind == IR_BINARY && c->nkids == 2 &&
	    (c->op == CXBinaryOperator_LT || c->op == CXBinaryOperator_LE))
		return ir_strip(c->kids[1]);
	return NULL;
}

static int same_bound(const struct ir_node *a, const struct ir_node *b)
{
	char pa[128], pb[128];

	if (!a || !b)
		return 0;
	if (a->kind == IR_INTLIT && b->kind == IR_INTLIT)
		return (a->flags & b->flags & IRF_HAS_VALUE) && a->value == b->value;
	return ir_path_text(a, pa, sizeof(pa)) && ir_path_text(b, pb, sizeof(pb)) &&
	       strcmp(pa, pb) == 0;
}

/* Does the statement leave the loop or the function whatever happens
 * (goto, return, break, or a block with one at its top level)? */
static int leaves(const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_GOTO || n->kind == IR_RETURN || n->kind == IR_BREAK)
		return 1;
	if (n->kind == IR_COMPOUND)
		for (unsigned i = 0; i < n->nkids; i++)
			if (leaves(n->kids[i]))
				return 1;
	return 0;
}

/* A condition testing only the call's failure: not qualified by another
 * condition through && (if (ret && i == 0)). */
static int plain_test(const struct ir_node *c)
{
	c = ir_strip(c);
	if (!c)
		return 0;
	if (c->kind == IR_BINARY && c->op == CXBinaryOperator_LAnd)
		return 0;
	for (unsigned i = 0; i < c->nkids; i++)
		if (!plain_test(c->kids[i]))
			return 0;
	return 1;
}

static int contains(const struct ir_node *n, const struct ir_node *x)
{
	if (!n)
		return 0;
	if (n == x)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (contains(n->kids[i], x))
			return 1;
	return 0;
}

struct fail_test {
	const struct ir_node *call;
	const char *var;     /* the variable holding its result, or NULL */
	int strict;          /* some test of the result leaves the loop */
	struct ir_loc let_go;
};

static int find_tests(const struct ir_node *n, void *data)
{
	struct fail_test *t = data;
	const struct ir_node *c;

	if (n->kind != IR_IF || n->nkids < 2)
		return 1;
	c = n->kids[0];
	if (!contains(c, t->call) && !(t->var && ir_mentions_var(c, t->var)))
		return 1;
	if (plain_test(c) && leaves(n->kids[1]))
		t->strict = 1;
	else if (!t->let_go.line)
		t->let_go = n->loc;
	return 1;
}

/* Does the loop go on (for some index) after the call fails? */
static int tolerated(const struct ir_node *loop, const struct ir_node *call, struct ir_loc *let_go)
{
	const struct ir_node *body = loop_body(loop), *cond = loop_cond(loop);
	struct fail_test t = { .call = call };

	/* ret = call(...) in the body */
	for (unsigned i = 0; body && i < body->nkids; i++) {
		const struct ir_node *s = ir_strip(body->kids[i]);

		if (is_assign(s) && ir_strip(s->kids[1]) == call) {
			const struct ir_node *l = ir_strip(s->kids[0]);

			if (l && l->kind == IR_DECLREF && l->name)
				t.var = l->name;
		}
	}
	if (t.var && cond && ir_mentions_var(cond, t.var))
		return 0;
	ir_walk(body, find_tests, &t);
	if (t.strict)
		return 0;
	*let_go = t.let_go.line ? t.let_go : call->loc;
	return 1;
}

struct fill_search {
	const struct module_facts *mf;
	const char *array;
	const struct ir_function *want;
	const struct ir_function *init;
	const struct ir_node *loop;
	struct slot_fill *out;
	int found;
};

static int find_fill_call(const struct ir_node *n, void *data)
{
	struct fill_search *s = data;
	const struct ir_node *cond = loop_cond(s->loop);
	const struct ir_function *f;
	const struct ir_node *arg;
	struct ir_loc store, let_go;
	const char *name;
	int fi, p;

	if (s->found || n->kind != IR_CALL || !(name = ir_call_name(n)))
		return !s->found;
	fi = module_facts_function(s->mf, name);
	if (fi < 0)
		return 1;
	f = &s->mf->all.funcs[fi];
	if ((s->want && strcmp(f->name, s->want->name) != 0) || (p = filler_param(f, s->array, &store)) < 0)
		return 1;
	arg = ir_strip(ir_call_arg(n, (unsigned)p));
	/* the slot index the loop walks */
	if (!arg || arg->kind != IR_DECLREF || !arg->name || !cond ||
	    !ir_mentions_var(cond, arg->name))
		return 1;
	if (!tolerated(s->loop, n, &let_go))
		return 1;
	*s->out = (struct slot_fill){
		.array = s->array, .init = s->init, .filler = f, .loop = s->loop,
		.call_loc = n->loc, .let_go_loc = let_go, .store_loc = store,
	};
	s->found = 1;
	return 0;
}

static int find_fill_loop(const struct ir_node *n, void *data)
{
	struct fill_search *s = data;

	if (s->found)
		return 0;
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO) {
		s->loop = n;
		ir_walk(loop_body(n), find_fill_call, s);
	}
	return !s->found;
}

int slot_fill_tolerant(const struct module_facts *mf, const char *array,
		       const struct ir_function *filler, struct slot_fill *out)
{
	struct fill_search s = { .mf = mf, .array = array, .want = filler, .out = out };

	if (!mf || !array)
		return 0;
	for (size_t i = 0; i < mf->all.nfuncs && !s.found; i++) {
		const struct ir_function *fn = &mf->all.funcs[i];

		if (!fn->body || !(mf->reach[i] & REACH_INIT))
			continue;
		s.init = fn;
		ir_walk(fn->body, find_fill_loop, &s);
	}
	return s.found;
}

/* del_gendisk(array[i]) as a top-level statement of the loop body, with
 * no test, continue or break before it: the call, else NULL. */
static const struct ir_node *unguarded_slot_del(const struct ir_node *loop, const char **array)
{
	const struct ir_node *body = ir_strip(loop_body(loop));
	static const char *const del[] = { "del_gendisk", NULL };
	unsigned n = 1;
	const struct ir_node *const *stmts = &body;

	if (!body)
		return NULL;
	if (body->kind == IR_COMPOUND) {
		n = body->nkids;
		stmts = (const struct ir_node *const *)body->kids;
	}
	for (unsigned i = 0; i < n; i++) {
		const struct ir_node *s = ir_strip(stmts[i]), *sub;

		if (!s || s->kind == IR_IF || s->kind == IR_CONTINUE || s->kind == IR_BREAK ||
		    s->kind == IR_GOTO || s->kind == IR_RETURN || s->kind == IR_SWITCH)
			return NULL;
		if (s->kind == IR_CALL && api_is(s, del) && ir_call_nargs(s) == 1 &&
		    (sub = slot_subscript(ir_call_arg(s, 0), NULL)) != NULL) {
			const struct ir_node *idx = ir_strip(sub->kids[1]);
			const struct ir_node *cond = loop_cond(loop);

			if (!idx || idx->kind != IR_DECLREF || !idx->name || !cond ||
			    !ir_mentions_var(cond, idx->name))
				return NULL;
			*array = ir_strip(sub->kids[0])->name;
			return s;
		}
	}
	return NULL;
}

struct teardown_search {
	const struct module_facts *mf;
	const struct ir_function *fn;
	void (*each)(const struct slot_teardown *t, void *data);
	void *data;
};

static int find_teardown_loop(const struct ir_node *n, void *data)
{
	struct teardown_search *s = data;
	struct slot_teardown t = { .fn = s->fn };

	if (n->kind != IR_FOR && n->kind != IR_WHILE && n->kind != IR_DO)
		return 1;
	t.del = unguarded_slot_del(n, &t.array);
	if (t.del && slot_fill_tolerant(s->mf, t.array, NULL, &t.fill) &&
	    same_bound(loop_bound(n), loop_bound(t.fill.loop)))
		s->each(&t, s->data);
	return 1;
}

void slot_teardowns_each(const struct module_facts *mf,
			 void (*each)(const struct slot_teardown *t, void *data), void *data)
{
	struct teardown_search s = { .mf = mf, .each = each, .data = data };

	if (!mf || !mf->lf)
		return;
	for (size_t i = 0; i < mf->lf->nfuncs; i++) {
		const struct ir_function *fn = &mf->lf->funcs[i];
		int fi = module_facts_function(mf, fn->name);

		if (!fn->body || fi < 0 || !(mf->reach[fi] & REACH_EXIT))
			continue;
		s.fn = fn;
		ir_walk(fn->body, find_teardown_loop, &s);
	}
}

struct reader_search {
	const char *array;
	struct ir_loc loc;
	int found;
};

static int find_reader(const struct ir_node *n, void *data)
{
	struct reader_search *s = data;

	if (s->found)
		return 0;
	if (is_global_ref(n, s->array)) {
		s->loc = n->loc;
		s->found = 1;
	}
	return !s->found;
}

const struct ir_function *slot_array_reader(const struct module_facts *mf, const char *array,
					    const struct ir_function *skip1,
					    const struct ir_function *skip2, struct ir_loc *loc)
{
	/* a teardown first (module_exit(), a .remove), then any function */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; mf && i < mf->all.nfuncs; i++) {
			const struct ir_function *fn = &mf->all.funcs[i];
			struct reader_search s = { .array = array };

			if (!fn->body || (skip1 && strcmp(fn->name, skip1->name) == 0) ||
			    (skip2 && strcmp(fn->name, skip2->name) == 0) ||
			    (!pass && !(mf->reach[i] & (REACH_EXIT | REACH_REMOVE))))
				continue;
			ir_walk(fn->body, find_reader, &s);
			if (s.found) {
				*loc = s.loc;
				return fn;
			}
		}
	}
	return NULL;
}
