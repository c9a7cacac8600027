/* Each-element loops over arrays and their index ranges (array_ranges.h). */
#include "array_ranges.h"

#include "string_list.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOUND_TEXT_MAX 128

/* ------------------------------------------------------------ syntax */

static const char *ivar_name(const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_DECLREF && (n->flags & IRF_VAR) &&
	    (n->flags & (IRF_LOCAL | IRF_PARAM)) && n->name && *n->name)
		return n->name;
	return NULL;
}

static int is_var(const struct ir_node *n, const char *name)
{
	const char *v = ivar_name(n);

	return v && strcmp(v, name) == 0;
}

static int is_int(const struct ir_node *n, long long value)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_Minus && n->nkids == 1) {
		const struct ir_node *k = ir_strip(n->kids[0]);

		return k && k->kind == IR_INTLIT && (k->flags & IRF_HAS_VALUE) && -k->value == value;
	}
	return n && n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE) && n->value == value;
}

/* i++, ++i, i += 1 (dir 1); i--, --i, i -= 1 (dir -1) */
static int is_step(const struct ir_node *n, const char *name, int dir)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_UNARY && n->nkids == 1 && is_var(n->kids[0], name))
		return dir > 0 ? n->op == CXUnaryOperator_PostInc || n->op == CXUnaryOperator_PreInc
			       : n->op == CXUnaryOperator_PostDec || n->op == CXUnaryOperator_PreDec;
	return n->kind == IR_BINARY && n->nkids == 2 && is_var(n->kids[0], name) &&
	       is_int(n->kids[1], 1) &&
	       n->op == (dir > 0 ? CXBinaryOperator_AddAssign : CXBinaryOperator_SubAssign);
}

/* The variable an init clause sets (i = E, or the declaration int i = E)
 * and E; NULL if it is no such clause. */
static const char *init_of(const struct ir_node *n, const struct ir_node **value)
{
	n = ir_strip(n);
	if (n && n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2) {
		*value = n->kids[1];
		return ivar_name(n->kids[0]);
	}
	if (n && n->kind == IR_DECL && n->nkids == 1 && n->name && (n->flags & IRF_LOCAL)) {
		*value = n->kids[0];
		return n->name;
	}
	if (n && n->kind == IR_COMPOUND && n->nkids == 1)
		return init_of(n->kids[0], value);
	return NULL;
}

/* The spelling of a loop bound: a variable, a field path, a constant. */
static int bound_text(const struct ir_node *n, char *buf, size_t size)
{
	size_t len;

	n = ir_strip(n);
	if (!n)
		return 0;
	switch (n->kind) {
	case IR_INTLIT:
		return (n->flags & IRF_HAS_VALUE) &&
		       snprintf(buf, size, "%lld", (long long)n->value) < (int)size;
	case IR_DECLREF:
		return n->name && *n->name && snprintf(buf, size, "%s", n->name) < (int)size;
	case IR_MEMBER:
		if (n->nkids != 1 || !n->name || !bound_text(n->kids[0], buf, size))
			return 0;
		len = strlen(buf);
		return snprintf(buf + len, size - len, "%s%s", (n->flags & IRF_ARROW) ? "->" : ".",
				n->name) < (int)(size - len);
	default:
		return 0;
	}
}

/* An expression of constants only (sizeof, literals, arithmetic): the
 * value of ARRAY_SIZE(x), which the IR does not fold. */
static int constant_expr(const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	switch (n->kind) {
	case IR_INTLIT:
	case IR_SIZEOF:
		return 1;
	case IR_CALL:
		/* ARRAY_SIZE(x) where no header defines it (a call then) */
		return n->name && !strcmp(n->name, "ARRAY_SIZE");
	case IR_BINARY:
	case IR_UNARY:
		if (n->kind == IR_BINARY && n->op >= CXBinaryOperator_Assign)
			return 0;
		if (n->kind == IR_UNARY && n->op != CXUnaryOperator_Minus &&
		    n->op != CXUnaryOperator_Plus && n->op != CXUnaryOperator_Not)
			return 0;
		for (unsigned i = 0; i < n->nkids; i++)
			if (!constant_expr(n->kids[i]))
				return 0;
		return n->nkids > 0;
	default:
		return 0;
	}
}

/* Does the condition name the variable, or a member, called name? */
static int names_member_or_var(const struct ir_node *n, const char *name)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if ((n->kind == IR_DECLREF || n->kind == IR_MEMBER) && n->name && !strcmp(n->name, name))
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (names_member_or_var(n->kids[i], name))
			return 1;
	return 0;
}

/* Does n write the variable (assignment, ++/--, &name)? */
static int writes_var(const struct ir_node *n, const char *name)
{
	if (!n)
		return 0;
	if (n->kind == IR_UNARY && n->nkids == 1 &&
	    ((n->op >= CXUnaryOperator_PostInc && n->op <= CXUnaryOperator_PreDec) ||
	     n->op == CXUnaryOperator_AddrOf) &&
	    is_var(n->kids[0], name))
		return 1;
	if (n->kind == IR_BINARY && n->nkids == 2 && n->op >= CXBinaryOperator_Assign &&
	    n->op <= CXBinaryOperator_OrAssign && is_var(n->kids[0], name))
		return 1;
	if (n->kind == IR_DECL && n->name && strcmp(n->name, name) == 0)
		return 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (writes_var(n->kids[i], name))
			return 1;
	return 0;
}

/* Does n leave the loop it is the body of: goto, return, or a break not
 * inside an inner loop or switch?  (continue: see has_continue.) */
static int leaves_loop(const struct ir_node *n, int nested)
{
	if (!n)
		return 0;
	if (n->kind == IR_GOTO || n->kind == IR_RETURN || (n->kind == IR_BREAK && !nested))
		return 1;
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO || n->kind == IR_SWITCH)
		nested = 1;
	for (unsigned i = 0; i < n->nkids; i++)
		if (leaves_loop(n->kids[i], nested))
			return 1;
	return 0;
}

static int has_continue(const struct ir_node *n)
{
	if (!n)
		return 0;
	if (n->kind == IR_CONTINUE)
		return 1;
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO)
		return 0;
	for (unsigned i = 0; i < n->nkids; i++)
		if (has_continue(n->kids[i]))
			return 1;
	return 0;
}

/* An element path with a subscript indexed by the variable:
 * a[i], &a[i], a[i].disk, dev->unit[i]->disk[0]. */
static int indexed_by(const struct ir_node *n, const char *name)
{
	n = ir_strip(n);
	while (n) {
		if (n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1) {
			n = ir_strip(n->kids[0]);
		} else if (n->kind == IR_MEMBER && n->nkids == 1) {
			n = ir_strip(n->kids[0]);
		} else if (n->kind == IR_SUBSCRIPT && n->nkids == 2) {
			const struct ir_node *ix = ir_strip(n->kids[1]);

			/* by name: a statement rebuilt from the tokens of a
			 * damaged parse names the variable without its flags */
			if (ix && ix->kind == IR_DECLREF && ix->name && !strcmp(ix->name, name))
				return 1;
			n = ir_strip(n->kids[0]);
		} else {
			return 0;
		}
	}
	return 0;
}

/* if (!a[i]) continue; (or == NULL): skipping an element that holds no
 * object skips nothing the loop owes */
static int null_skip(const struct ir_node *s, const char *name)
{
	const struct ir_node *c, *t;

	s = ir_strip(s);
	if (!s || s->kind != IR_IF || s->nkids != 2)
		return 0;
	t = ir_strip(s->kids[1]);
	if (t && t->kind == IR_COMPOUND && t->nkids == 1)
		t = ir_strip(t->kids[0]);
	if (!t || t->kind != IR_CONTINUE)
		return 0;
	c = ir_strip(s->kids[0]);
	if (c && c->kind == IR_UNARY && c->op == CXUnaryOperator_LNot && c->nkids == 1)
		return indexed_by(c->kids[0], name);
	if (c && c->kind == IR_BINARY && c->op == CXBinaryOperator_EQ && c->nkids == 2)
		return (is_int(c->kids[1], 0) && indexed_by(c->kids[0], name)) ||
		       (is_int(c->kids[0], 0) && indexed_by(c->kids[1], name));
	return 0;
}

/* ------------------------------------------------------- recognition */

struct finder {
	struct array_loops *al;
	const struct cfg *cfg;
	loop_op_fn *op;
	loop_var_fn *var;
	void *ctx;
};

static int intern_bound(struct array_loops *al, const char *text)
{
	for (unsigned i = 0; i < al->nbounds; i++)
		if (strcmp(al->bounds[i], text) == 0)
			return (int)i;
	if (al->nbounds >= 0x7fff)
		return -1;
	al->bounds = xrealloc(al->bounds, (al->nbounds + 1) * sizeof(*al->bounds));
	al->bounds[al->nbounds] = xstrdup(text);
	return (int)al->nbounds++;
}

/* The symbol of an end expression E (a tracked variable other than the
 * induction variable, or a bound), not written inside the loop. */
static int end_sym(struct finder *f, const struct ir_node *e, const char *ivar,
		   const struct ir_node *loop, int prefer_var, struct range_sym *out)
{
	char text[BOUND_TEXT_MAX];
	const char *v = ivar_name(e);
	int id;

	memset(out, 0, sizeof(*out));
	out->below = -1;
	out->var = -1;
	if (!bound_text(e, text, sizeof(text))) {
		/* a constant the IR keeps unfolded: a bound of this loop only,
		 * never equal to another loop's */
		if (!constant_expr(e))
			return 0;
		snprintf(text, sizeof(text), "@%u:%u", ir_strip(e)->loc.line, ir_strip(e)->loc.col);
	}
	if (ir_mentions_var(e, ivar))
		return 0;
	if (v && writes_var(loop, v))
		return 0;
	if (v && prefer_var) {
		if ((id = f->var(f->ctx, v)) < 0)
			return 0;
		out->kind = SYM_VAR;
		out->id = id;
		out->var = (int16_t)id;
		return 1;
	}
	/* a field path: its root must not be written in the loop */
	{
		char root[BOUND_TEXT_MAX];

		snprintf(root, sizeof(root), "%.*s", (int)strcspn(text, "-."), text);
		if (writes_var(loop, root))
			return 0;
	}
	id = intern_bound(f->al, text);
	if (id < 0)
		return 0;
	out->kind = SYM_BOUND;
	out->id = id;
	return 1;
}

/* cond of a "count down from the entry value" loop: i--, i-- > 0, --i >= 0 */
static const char *down_entry_var(const struct ir_node *c)
{
	c = ir_strip(c);
	if (!c)
		return NULL;
	if (c->kind == IR_BINARY && c->nkids == 2) {
		const struct ir_node *l = ir_strip(c->kids[0]);

		if (!l || l->kind != IR_UNARY || l->nkids != 1)
			return NULL;
		if (c->op == CXBinaryOperator_GT && is_int(c->kids[1], 0) &&
		    l->op == CXUnaryOperator_PostDec)
			return ivar_name(l->kids[0]);
		if (c->op == CXBinaryOperator_GE && is_int(c->kids[1], 0) &&
		    l->op == CXUnaryOperator_PreDec)
			return ivar_name(l->kids[0]);
		return NULL;
	}
	if (c->kind == IR_UNARY && c->op == CXUnaryOperator_PostDec && c->nkids == 1)
		return ivar_name(c->kids[0]);
	return NULL;
}

/* The statement after an allocation checks its result and leaves the
 * loop on failure: if (ret) goto err;  if (IS_ERR(a[i])) { ...; return }. */
static int fails_out(const struct ir_node *stmt, const struct ir_node *next)
{
	const struct ir_node *s = ir_strip(stmt), *lhs, *t, *last;
	const char *v;

	if (!s || s->kind != IR_BINARY || s->op != CXBinaryOperator_Assign || s->nkids != 2)
		return 0;
	lhs = s->kids[0];
	next = ir_strip(next);
	if (!next || next->kind != IR_IF || next->nkids != 2)
		return 0;
	t = ir_strip(next->kids[1]);
	last = t && t->kind == IR_COMPOUND && t->nkids ? ir_strip(t->kids[t->nkids - 1]) : t;
	if (!last || (last->kind != IR_GOTO && last->kind != IR_RETURN && last->kind != IR_BREAK))
		return 0;
	v = ivar_name(lhs);
	if (v)
		return ir_mentions_var(next->kids[0], v);
	/* the element itself tested: the name of its last member (or of the
	 * array) is enough here */
	for (lhs = ir_strip(lhs); lhs && lhs->kind == IR_SUBSCRIPT && lhs->nkids == 2;)
		lhs = ir_strip(lhs->kids[0]);
	if (!lhs || (lhs->kind != IR_MEMBER && lhs->kind != IR_DECLREF) || !lhs->name)
		return 0;
	return names_member_or_var(next->kids[0], lhs->name);
}

/* The operations applied on every path through one iteration: statements
 * of the body in order, up to the first one that may skip the rest
 * (continue, other than skipping an element that holds nothing).  An
 * allocation counts only when its failure leaves the loop at once and
 * nothing continues the loop anywhere: then every iteration that comes
 * round allocated its element. */
static void find_effects(struct finder *f, struct array_loop *l, const struct ir_node *body,
			 const char *ivar)
{
	const struct ir_node *const *stmts = (const struct ir_node *const *)&body;
	unsigned n = 1;
	int skips = 0;

	body = ir_strip(body);
	if (body && body->kind == IR_COMPOUND) {
		stmts = (const struct ir_node *const *)body->kids;
		n = body->nkids;
	}
	for (unsigned i = 0; i < n; i++)
		if (!null_skip(stmts[i], ivar) && has_continue(stmts[i]))
			skips = 1;
	for (unsigned i = 0; i < n; i++) {
		struct loop_effect eff = { .obj = -1 };
		unsigned k;

		if (null_skip(stmts[i], ivar))
			continue;
		if (has_continue(stmts[i]))
			break;
		if (!f->op(f->ctx, stmts[i], ivar, &eff) || eff.obj < 0)
			continue;
		if ((eff.ops & LOOP_OP_ALLOC) &&
		    (skips || i + 1 >= n || !fails_out(stmts[i], stmts[i + 1])))
			eff.ops &= ~(unsigned)LOOP_OP_ALLOC;
		if (!eff.ops)
			continue;
		for (k = 0; k < l->neff; k++)
			if (l->eff[k].obj == eff.obj)
				break;
		if (k < l->neff) {
			l->eff[k].ops |= eff.ops;
		} else if (l->neff < MAX_LOOP_EFFECTS) {
			l->eff[l->neff++] = eff;
		}
	}
}

static unsigned block_of_cond(const struct cfg *cfg, const struct ir_node *cond)
{
	for (unsigned b = 0; b < cfg->nblocks; b++)
		if (cfg->blocks[b].term == CFG_TERM_BRANCH && cfg->blocks[b].cond == cond)
			return b;
	return UINT32_MAX;
}

static unsigned last_line(const struct ir_node *n)
{
	unsigned max = n ? n->loc.line : 0;

	for (unsigned i = 0; n && i < n->nkids; i++) {
		unsigned k = last_line(n->kids[i]);

		if (k > max)
			max = k;
	}
	return max;
}

static void try_loop(struct finder *f, const struct ir_node *s)
{
	const struct ir_node *init = NULL, *cond = NULL, *inc = NULL, *body = NULL, *value = NULL;
	struct array_loop l;
	const char *ivar = NULL;
	unsigned k = 0;

	memset(&l, 0, sizeof(l));
	l.stmt = s;
	l.end.below = -1;
	l.end.var = -1;
	if (s->kind == IR_FOR) {
		if (!s->nkids)
			return;
		body = s->kids[s->nkids - 1];
		if ((s->flags & IRF_FOR_INIT) && k + 1 < s->nkids)
			init = s->kids[k++];
		if ((s->flags & IRF_FOR_COND) && k + 1 < s->nkids)
			cond = s->kids[k++];
		if ((s->flags & IRF_FOR_INC) && k + 1 < s->nkids)
			inc = s->kids[k++];
	} else if (s->kind == IR_WHILE && s->nkids == 2) {
		cond = s->kids[0];
		body = s->kids[1];
	} else if (s->kind == IR_DO && s->nkids == 2) {
		body = s->kids[0];
		cond = s->kids[1];
		l.is_do = 1;
	} else {
		return;
	}
	cond = ir_strip(cond);
	if (!cond || !body)
		return;
	if (s->kind == IR_FOR && init && inc && cond->kind == IR_BINARY && cond->nkids == 2 &&
	    (ivar = init_of(init, &value)) && is_var(cond->kids[0], ivar)) {
		const struct ir_node *v = ir_strip(value);

		if (cond->op == CXBinaryOperator_LT && is_int(value, 0) && is_step(inc, ivar, 1)) {
			/* for (i = 0; i < N; i++) */
			l.shape = LOOP_UP;
			if (!end_sym(f, cond->kids[1], ivar, s, 0, &l.end))
				return;
		} else if (cond->op == CXBinaryOperator_GE && is_int(cond->kids[1], 0) &&
			   is_step(inc, ivar, -1) && v) {
			/* for (i = E - 1; i >= 0; i--), for (j = E; j >= 0; j--) */
			l.shape = LOOP_DOWN_INIT;
			if (v->kind == IR_BINARY && v->op == CXBinaryOperator_Sub && v->nkids == 2 &&
			    is_int(v->kids[1], 1)) {
				if (!end_sym(f, v->kids[0], ivar, s, 1, &l.end))
					return;
			} else {
				if (!end_sym(f, v, ivar, s, 1, &l.end))
					return;
				l.end.off = 1;
			}
		} else {
			return;
		}
	} else if (!init && !inc && (ivar = down_entry_var(cond))) {
		l.shape = LOOP_DOWN_ENTRY;
		l.end_off = (int8_t)(l.is_do ? 1 : 0);
	} else {
		return;
	}
	l.var = f->var(f->ctx, ivar);
	if (l.var < 0 || writes_var(body, ivar))
		return;
	/* counting down, the covered range is a prefix only when the loop
	 * runs to its end */
	if (l.shape != LOOP_UP && leaves_loop(body, 0))
		return;
	l.cond = cond;
	l.head = block_of_cond(f->cfg, cond);
	if (l.head == UINT32_MAX)
		return;
	l.entry = l.head;
	if (l.is_do) {
		if (f->cfg->blocks[l.head].nsuccs < 1)
			return;
		l.entry = f->cfg->blocks[l.head].succs[0];
	}
	find_effects(f, &l, body, ivar);
	/* a loop counting up without element operations still tells that
	 * its variable is below the bound in the body and at it after */
	if (!l.neff && (l.shape != LOOP_UP || l.end.kind != SYM_BOUND))
		return;
	l.first_line = s->loc.line;
	l.last_line = last_line(s);
	f->al->loops = xrealloc(f->al->loops, (f->al->n + 1) * sizeof(*f->al->loops));
	f->al->loops[f->al->n++] = l;
}

static void walk(struct finder *f, const struct ir_node *n)
{
	if (!n)
		return;
	if (n->kind == IR_FOR || n->kind == IR_WHILE || n->kind == IR_DO)
		try_loop(f, n);
	for (unsigned i = 0; i < n->nkids; i++)
		walk(f, n->kids[i]);
}

void array_loops_find(struct array_loops *al, const struct ir_function *fn,
		      const struct cfg *cfg, loop_op_fn *op, loop_var_fn *var, void *ctx)
{
	struct finder f = { .al = al, .cfg = cfg, .op = op, .var = var, .ctx = ctx };

	memset(al, 0, sizeof(*al));
	walk(&f, fn->body);
}

void array_loops_free(struct array_loops *al)
{
	for (unsigned i = 0; i < al->nbounds; i++)
		free(al->bounds[i]);
	free(al->bounds);
	free(al->loops);
	memset(al, 0, sizeof(*al));
}

const struct array_loop *array_loop_of_cond(const struct array_loops *al,
					    const struct ir_node *cond)
{
	for (unsigned i = 0; i < al->n; i++)
		if (al->loops[i].cond == cond)
			return &al->loops[i];
	return NULL;
}

int array_loop_is_op(const struct array_loops *al, const struct ir_node *call)
{
	for (unsigned i = 0; call && i < al->n; i++)
		for (unsigned k = 0; k < al->loops[i].neff; k++)
			if (al->loops[i].eff[k].call == call)
				return 1;
	return 0;
}

int array_index_is(const struct ir_node *n, const char *name)
{
	return indexed_by(n, name);
}

int array_bound_mentions(const struct array_loops *al, int id, const char *name)
{
	const char *t;
	size_t len = strlen(name);

	if (id < 0 || (unsigned)id >= al->nbounds || !len)
		return 0;
	t = al->bounds[id];
	/* the root of the spelled path, or the path itself or a prefix of it */
	if (strncmp(t, name, len) == 0 &&
	    (!t[len] || t[len] == '.' || (t[len] == '-' && t[len + 1] == '>')))
		return 1;
	return 0;
}

/* ------------------------------------------------------- comparison */

int range_sym_equal(const struct range_sym *a, const struct range_sym *b)
{
	return a->kind == b->kind && a->off == b->off && a->below == b->below && a->id == b->id &&
	       a->var == b->var;
}

int range_leaks(const struct range_sym *alloc, const struct range_sym *rel)
{
	if (alloc->kind == SYM_NONE || rel->kind == SYM_NONE)
		return 0;
	/* the same symbol: compare the offsets */
	if (alloc->kind == rel->kind && alloc->id == rel->id)
		return rel->off < alloc->off ? 1 : 0;
	/* [0, N) allocated, [0, x + off) released with x < N */
	if (alloc->kind == SYM_BOUND && rel->below >= 0 && rel->below == alloc->id) {
		if (rel->off <= alloc->off)
			return 1;
		if (rel->off == alloc->off + 1)
			return 2;
	}
	return 0;
}

void range_sym_format(const struct array_loops *al, const struct range_sym *s,
		      const char *const *var_names, char *buf, size_t size)
{
	const char *base = "?";

	if (s->kind == SYM_BOUND && s->id >= 0 && (unsigned)s->id < al->nbounds)
		base = al->bounds[s->id];
	else if ((s->kind == SYM_VAR || s->kind == SYM_SNAP) && s->var >= 0 && var_names)
		base = var_names[s->var];
	if (s->off > 0)
		snprintf(buf, size, "%s + %d", base, s->off);
	else if (s->off < 0)
		snprintf(buf, size, "%s - %d", base, -s->off);
	else
		snprintf(buf, size, "%s", base);
}
