/*
 * Build a CFG from the IR: if/else, switch/case/default with fall-through,
 * while/do/for with break/continue, goto and labels, return, and
 * short-circuit &&, ||, ! and ?: in conditions (each leaf condition ends a
 * block with a two-way branch, so the dataflow can refine on it).
 */
#include "cfg.h"

#include "string_list.h"

#include <clang-c/Index.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define NO_BLOCK UINT_MAX

struct label_entry {
	const char *name;
	unsigned block;
};

struct switch_ctx {
	unsigned dispatch;
	unsigned *targets;
	unsigned ntargets, cap;
	int has_default;
};

struct builder {
	struct cfg *cfg;
	struct label_entry *labels;
	unsigned nlabels, cap_labels;
	unsigned break_target;
	unsigned continue_target;
	struct switch_ctx *sw;
};

static unsigned new_block(struct builder *b)
{
	struct cfg *cfg = b->cfg;

	if (cfg->nblocks == cfg->cap_blocks) {
		cfg->cap_blocks = cfg->cap_blocks ? cfg->cap_blocks * 2 : 32;
		cfg->blocks = xrealloc(cfg->blocks, cfg->cap_blocks * sizeof(*cfg->blocks));
	}
	memset(&cfg->blocks[cfg->nblocks], 0, sizeof(cfg->blocks[0]));
	return cfg->nblocks++;
}

static void add_succ(struct builder *b, unsigned from, unsigned to)
{
	struct cfg_block *blk = &b->cfg->blocks[from];

	if (blk->nsuccs == blk->cap_succs) {
		blk->cap_succs = blk->cap_succs ? blk->cap_succs * 2 : 2;
		blk->succs = xrealloc(blk->succs, blk->cap_succs * sizeof(*blk->succs));
	}
	blk->succs[blk->nsuccs++] = to;
	b->cfg->blocks[to].npreds++;
}

/* An unconditional edge that ends block from. */
static void jump(struct builder *b, unsigned from, unsigned to)
{
	if (from != NO_BLOCK)
		add_succ(b, from, to);
}

static void add_item(struct builder *b, unsigned blk_id, enum cfg_item_kind kind,
		     const struct ir_node *node, struct ir_loc loc)
{
	struct cfg_block *blk = &b->cfg->blocks[blk_id];

	if (blk->nitems == blk->cap_items) {
		blk->cap_items = blk->cap_items ? blk->cap_items * 2 : 4;
		blk->items = xrealloc(blk->items, blk->cap_items * sizeof(*blk->items));
	}
	blk->items[blk->nitems].kind = kind;
	blk->items[blk->nitems].node = node;
	blk->items[blk->nitems].loc = loc;
	blk->nitems++;
}

static unsigned ensure_block(struct builder *b, unsigned cur)
{
	return cur == NO_BLOCK ? new_block(b) : cur;
}

static unsigned label_block(struct builder *b, const char *name)
{
	for (unsigned i = 0; i < b->nlabels; i++)
		if (strcmp(b->labels[i].name, name) == 0)
			return b->labels[i].block;
	if (b->nlabels == b->cap_labels) {
		b->cap_labels = b->cap_labels ? b->cap_labels * 2 : 8;
		b->labels = xrealloc(b->labels, b->cap_labels * sizeof(*b->labels));
	}
	b->labels[b->nlabels].name = name;
	b->labels[b->nlabels].block = new_block(b);
	return b->labels[b->nlabels++].block;
}

static void build_cond_at(struct builder *b, const struct ir_node *cond, const struct ir_node *root,
			  unsigned cur, unsigned t, unsigned f, const struct ir_node *negation);

static void build_cond(struct builder *b, const struct ir_node *cond, const struct ir_node *root,
		       unsigned cur, unsigned t, unsigned f)
{
	build_cond_at(b, cond, root, cur, t, f, NULL);
}

/* negation: the outermost '!' directly around this leaf, for its location */
static void build_cond_at(struct builder *b, const struct ir_node *cond, const struct ir_node *root,
			  unsigned cur, unsigned t, unsigned f, const struct ir_node *negation)
{
	const struct ir_node *c = ir_strip(cond);

	if (c->kind == IR_BINARY && c->nkids == 2 &&
	    (c->op == CXBinaryOperator_LAnd || c->op == CXBinaryOperator_LOr)) {
		unsigned mid = new_block(b);

		if (c->op == CXBinaryOperator_LAnd)
			build_cond(b, c->kids[0], root, cur, mid, f);
		else
			build_cond(b, c->kids[0], root, cur, t, mid);
		build_cond(b, c->kids[1], root, mid, t, f);
		return;
	}
	if (c->kind == IR_UNARY && c->op == CXUnaryOperator_LNot && c->nkids == 1) {
		build_cond_at(b, c->kids[0], root, cur, f, t, negation ? negation : c);
		return;
	}
	if (c->kind == IR_CONDOP && c->nkids == 3) {
		unsigned then_b = new_block(b), else_b = new_block(b);

		build_cond(b, c->kids[0], root, cur, then_b, else_b);
		build_cond(b, c->kids[1], root, then_b, t, f);
		build_cond(b, c->kids[2], root, else_b, t, f);
		return;
	}
	if (c->kind == IR_BINARY && c->op == CXBinaryOperator_Comma && c->nkids == 2) {
		add_item(b, cur, CFG_EVAL, c->kids[0], c->kids[0]->loc);
		build_cond(b, c->kids[1], root, cur, t, f);
		return;
	}
	add_item(b, cur, CFG_EVAL, c, c->loc);
	b->cfg->blocks[cur].term = CFG_TERM_BRANCH;
	b->cfg->blocks[cur].cond = c;
	b->cfg->blocks[cur].root_cond = root;
	b->cfg->blocks[cur].cond_loc = negation ? negation->loc : c->loc;
	add_succ(b, cur, t);
	add_succ(b, cur, f);
}

static unsigned build_stmt(struct builder *b, const struct ir_node *s, unsigned cur);

static unsigned build_loop_body(struct builder *b, const struct ir_node *body, unsigned entry,
				unsigned brk, unsigned cont)
{
	unsigned saved_brk = b->break_target, saved_cont = b->continue_target;
	unsigned end;

	b->break_target = brk;
	b->continue_target = cont;
	end = build_stmt(b, body, entry);
	b->break_target = saved_brk;
	b->continue_target = saved_cont;
	return end;
}

static unsigned build_for(struct builder *b, const struct ir_node *s, unsigned cur)
{
	const struct ir_node *body = s->nkids ? s->kids[s->nkids - 1] : NULL;
	unsigned head = new_block(b), body_b = new_block(b), exit_b = new_block(b);
	unsigned inc_b, end, k = 0;
	const struct ir_node *init = NULL, *cond = NULL, *inc = NULL;

	if (!body)
		return cur;
	/* the clauses present, in order (ast_lowering.c says which) */
	if ((s->flags & IRF_FOR_INIT) && k + 1 < s->nkids)
		init = s->kids[k++];
	if ((s->flags & IRF_FOR_COND) && k + 1 < s->nkids)
		cond = s->kids[k++];
	if ((s->flags & IRF_FOR_INC) && k + 1 < s->nkids)
		inc = s->kids[k++];
	if (init) {
		cur = ensure_block(b, cur);
		add_item(b, cur, CFG_EVAL, init, init->loc);
	}
	jump(b, cur, head);
	if (cond) {
		build_cond(b, cond, cond, head, body_b, exit_b);
	} else if (s->nkids == 1) {
		jump(b, head, body_b); /* for (;;) */
	} else {
		/* clauses unknown: evaluate them at the head, either way out */
		for (unsigned i = 0; i + 1 < s->nkids; i++)
			add_item(b, head, CFG_EVAL, s->kids[i], s->kids[i]->loc);
		b->cfg->blocks[head].term = CFG_TERM_MULTI;
		add_succ(b, head, body_b);
		add_succ(b, head, exit_b);
	}
	inc_b = new_block(b);
	end = build_loop_body(b, body, body_b, exit_b, inc_b);
	jump(b, end, inc_b);
	if (inc)
		add_item(b, inc_b, CFG_EVAL, inc, inc->loc);
	jump(b, inc_b, head);
	return exit_b;
}

static unsigned build_switch(struct builder *b, const struct ir_node *s, unsigned cur)
{
	struct switch_ctx sw = { 0 }, *saved_sw = b->sw;
	unsigned saved_brk = b->break_target;
	unsigned exit_b = new_block(b), end;

	cur = ensure_block(b, cur);
	if (s->nkids < 2)
		return cur;
	add_item(b, cur, CFG_EVAL, s->kids[0], s->kids[0]->loc);
	sw.dispatch = cur;
	b->sw = &sw;
	b->break_target = exit_b;
	end = build_stmt(b, s->kids[1], NO_BLOCK);
	jump(b, end, exit_b);
	b->sw = saved_sw;
	b->break_target = saved_brk;
	b->cfg->blocks[cur].term = CFG_TERM_MULTI;
	for (unsigned i = 0; i < sw.ntargets; i++)
		add_succ(b, cur, sw.targets[i]);
	if (!sw.has_default)
		add_succ(b, cur, exit_b);
	free(sw.targets);
	return exit_b;
}

static unsigned build_case(struct builder *b, const struct ir_node *s, unsigned cur)
{
	unsigned blk = new_block(b);

	jump(b, cur, blk);
	if (b->sw) {
		struct switch_ctx *sw = b->sw;

		if (sw->ntargets == sw->cap) {
			sw->cap = sw->cap ? sw->cap * 2 : 8;
			sw->targets = xrealloc(sw->targets, sw->cap * sizeof(*sw->targets));
		}
		sw->targets[sw->ntargets++] = blk;
		if (s->kind == IR_DEFAULT)
			sw->has_default = 1;
	}
	if (s->nkids == 0)
		return blk;
	return build_stmt(b, s->kids[s->nkids - 1], blk);
}

static unsigned build_stmt(struct builder *b, const struct ir_node *s, unsigned cur)
{
	switch (s->kind) {
	case IR_COMPOUND:
		for (unsigned i = 0; i < s->nkids; i++)
			cur = build_stmt(b, s->kids[i], cur);
		return cur;
	case IR_NULLSTMT:
		return cur;
	case IR_IF: {
		unsigned then_b, else_b, join, end;

		if (s->nkids < 2)
			break;
		cur = ensure_block(b, cur);
		then_b = new_block(b);
		join = new_block(b);
		else_b = s->nkids > 2 ? new_block(b) : join;
		build_cond(b, s->kids[0], s->kids[0], cur, then_b, else_b);
		end = build_stmt(b, s->kids[1], then_b);
		jump(b, end, join);
		if (s->nkids > 2) {
			end = build_stmt(b, s->kids[2], else_b);
			jump(b, end, join);
		}
		return join;
	}
	case IR_WHILE: {
		unsigned head = new_block(b), body_b = new_block(b), exit_b = new_block(b), end;

		if (s->nkids < 2)
			break;
		jump(b, cur, head);
		build_cond(b, s->kids[0], s->kids[0], head, body_b, exit_b);
		end = build_loop_body(b, s->kids[1], body_b, exit_b, head);
		jump(b, end, head);
		return exit_b;
	}
	case IR_DO: {
		unsigned body_b = new_block(b), cond_b = new_block(b), exit_b = new_block(b), end;

		if (s->nkids < 2)
			break;
		jump(b, cur, body_b);
		end = build_loop_body(b, s->kids[0], body_b, exit_b, cond_b);
		jump(b, end, cond_b);
		build_cond(b, s->kids[1], s->kids[1], cond_b, body_b, exit_b);
		return exit_b;
	}
	case IR_FOR:
		return build_for(b, s, cur);
	case IR_SWITCH:
		return build_switch(b, s, cur);
	case IR_CASE:
	case IR_DEFAULT:
		return build_case(b, s, cur);
	case IR_LABEL: {
		unsigned blk = label_block(b, s->name);

		jump(b, cur, blk);
		return s->nkids ? build_stmt(b, s->kids[0], blk) : blk;
	}
	case IR_GOTO:
		if (s->name && *s->name) {
			cur = ensure_block(b, cur);
			jump(b, cur, label_block(b, s->name));
		}
		return NO_BLOCK;
	case IR_BREAK:
	case IR_CONTINUE: {
		unsigned target = s->kind == IR_BREAK ? b->break_target : b->continue_target;

		if (target != NO_BLOCK) {
			cur = ensure_block(b, cur);
			jump(b, cur, target);
		}
		return NO_BLOCK;
	}
	case IR_RETURN:
		cur = ensure_block(b, cur);
		add_item(b, cur, CFG_RETURN, s, s->loc);
		jump(b, cur, b->cfg->exit);
		return NO_BLOCK;
	default:
		break;
	}
	cur = ensure_block(b, cur);
	add_item(b, cur, CFG_EVAL, s, s->loc);
	return cur;
}

static void compute_rpo(struct cfg *cfg)
{
	unsigned n = cfg->nblocks, sp = 0, out = n;
	unsigned *stack = xmalloc(n * sizeof(*stack));
	unsigned *next = xcalloc(n, sizeof(*next));
	unsigned char *seen = xcalloc(n, 1);
	unsigned *order = xmalloc(n * sizeof(*order));

	stack[sp++] = cfg->entry;
	seen[cfg->entry] = 1;
	while (sp) {
		unsigned v = stack[sp - 1];
		struct cfg_block *blk = &cfg->blocks[v];

		if (next[v] < blk->nsuccs) {
			unsigned w = blk->succs[next[v]++];

			if (!seen[w]) {
				seen[w] = 1;
				stack[sp++] = w;
			}
		} else {
			order[--out] = v;
			sp--;
		}
	}
	cfg->nrpo = n - out;
	cfg->rpo = xmalloc((cfg->nrpo ? cfg->nrpo : 1) * sizeof(*cfg->rpo));
	memcpy(cfg->rpo, order + out, cfg->nrpo * sizeof(*cfg->rpo));
	cfg->rpo_index = xmalloc(n * sizeof(*cfg->rpo_index));
	for (unsigned i = 0; i < n; i++)
		cfg->rpo_index[i] = UINT_MAX;
	for (unsigned i = 0; i < cfg->nrpo; i++)
		cfg->rpo_index[cfg->rpo[i]] = i;
	free(stack);
	free(next);
	free(seen);
	free(order);
}

void cfg_build(const struct ir_function *fn, struct cfg *cfg)
{
	struct builder b = { .cfg = cfg, .break_target = NO_BLOCK, .continue_target = NO_BLOCK };
	unsigned end;

	memset(cfg, 0, sizeof(*cfg));
	cfg->entry = new_block(&b);
	cfg->exit = new_block(&b);
	end = build_stmt(&b, fn->body, cfg->entry);
	if (end != NO_BLOCK) {
		/* falling off the end is a return without a value */
		add_item(&b, end, CFG_RETURN, NULL, fn->end_loc);
		jump(&b, end, cfg->exit);
	}
	free(b.labels);
	compute_rpo(cfg);
}

void cfg_free(struct cfg *cfg)
{
	for (unsigned i = 0; i < cfg->nblocks; i++) {
		free(cfg->blocks[i].items);
		free(cfg->blocks[i].succs);
	}
	free(cfg->blocks);
	free(cfg->rpo);
	free(cfg->rpo_index);
	memset(cfg, 0, sizeof(*cfg));
}
