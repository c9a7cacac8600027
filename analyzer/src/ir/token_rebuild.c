/* Rebuild dropped statements and expressions from their tokens (token_rebuild.h). */
#include "token_rebuild.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const compound_assign[] = {
	"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", NULL,
};

struct rebuilder {
	struct ir_arena *arena;
	const struct rebuild_token *t;
	const struct rebuild_names *names;
};

static int is(const struct rebuild_token *tok, const char *text)
{
	return strcmp(tok->text, text) == 0;
}

static struct ir_node *node(struct rebuilder *rb, enum ir_kind kind, size_t at, unsigned nkids)
{
	struct ir_node *n = ir_alloc(rb->arena, sizeof(*n));

	n->kind = kind;
	n->loc = rb->t[at].loc;
	n->kids = ir_alloc(rb->arena, (nkids ? nkids : 1) * sizeof(*n->kids));
	return n;
}

static struct ir_node *unknown(struct rebuilder *rb, size_t at)
{
	return node(rb, IR_UNKNOWN, at, 0);
}

static void add_kid(struct rebuilder *rb, struct ir_node *n, struct ir_node *kid, unsigned *cap)
{
	if (!kid)
		return;
	if (n->nkids == *cap) {
		struct ir_node **k = ir_alloc(rb->arena, (*cap ? *cap * 2 : 4) * sizeof(*k));

		if (n->nkids)
			memcpy(k, n->kids, n->nkids * sizeof(*k));
		n->kids = k;
		*cap = *cap ? *cap * 2 : 4;
	}
	n->kids[n->nkids++] = kid;
}

/* The index of the token closing the bracket opened at i (in [i, end)), or end. */
static size_t closing(const struct rebuilder *rb, size_t i, size_t end)
{
	int depth = 0;

	for (; i < end; i++) {
		const char *s = rb->t[i].text;

		if (rb->t[i].kind != RT_PUNCT)
			continue;
		if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
			depth++;
		else if ((!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}")) && --depth == 0)
			return i;
	}
	return end;
}

/* The first top-level token spelled text in [i, end), or end. */
static size_t find_top(const struct rebuilder *rb, size_t i, size_t end, const char *text)
{
	while (i < end) {
		const char *s = rb->t[i].text;

		if (rb->t[i].kind == RT_PUNCT && (!strcmp(s, "(") || !strcmp(s, "[") ||
						  !strcmp(s, "{"))) {
			i = closing(rb, i, end) + 1;
			continue;
		}
		if (is(&rb->t[i], text))
			return i;
		i++;
	}
	return end;
}

static int all_caps(const char *s)
{
	int letters = 0;

	for (; *s; s++) {
		if (islower((unsigned char)*s))
			return 0;
		letters += isupper((unsigned char)*s) != 0;
	}
	return letters > 0;
}

static struct ir_node *members(struct rebuilder *rb, struct ir_node *n, size_t i, size_t end);
static struct ir_node *call(struct rebuilder *rb, size_t i, size_t end);

/* IDENT ( (-> | .) IDENT | [ ... ] )* over exactly [i, end), the root
 * possibly a call (f(x)->member); NULL if it is not one. */
static struct ir_node *path(struct rebuilder *rb, size_t i, size_t end)
{
	struct ir_node *n;
	unsigned flags;

	if (i >= end || rb->t[i].kind != RT_IDENT)
		return NULL;
	if (i + 1 < end && is(&rb->t[i + 1], "(")) {
		/* a member of what a call returns: disk_to_dev(disk)->kobj */
		size_t close = closing(rb, i + 1, end);

		if (close + 1 >= end || !(is(&rb->t[close + 1], "->") || is(&rb->t[close + 1], ".")))
			return NULL;
		n = call(rb, i, close + 1);
		if (!n)
			return NULL;
		return members(rb, n, close + 1, end);
	}
	flags = rb->names ? rb->names->lookup(rb->names->ctx, rb->t[i].text) : 0;
	if (!flags && (i + 1 == end && all_caps(rb->t[i].text))) {
		/* a constant or a macro, not a variable: its value is unknown,
		 * its name is what the driver wrote (GENHD_FL_REMOVABLE) */
		n = unknown(rb, i);
		n->name = ir_strdup(rb->arena, rb->t[i].text);
		return n;
	}
	n = node(rb, IR_DECLREF, i, 0);
	n->name = ir_strdup(rb->arena, rb->t[i].text);
	n->flags = flags ? flags : IRF_VAR; /* not a local or parameter: a global */
	return members(rb, n, i + 1, end);
}

/* The "->name", ".name" and "[...]" after base over exactly [i, end). */
static struct ir_node *members(struct rebuilder *rb, struct ir_node *n, size_t i, size_t end)
{
	for (; i < end;) {
		struct ir_node *m;

		if ((is(&rb->t[i], "->") || is(&rb->t[i], ".")) && i + 1 < end &&
		    rb->t[i + 1].kind == RT_IDENT) {
			m = node(rb, IR_MEMBER, i + 1, 1);
			m->name = ir_strdup(rb->arena, rb->t[i + 1].text);
			m->flags = is(&rb->t[i], "->") ? IRF_ARROW : 0;
			m->kids[0] = n;
			m->nkids = 1;
			n = m;
			i += 2;
		} else if (is(&rb->t[i], "[")) {
			size_t close = closing(rb, i, end);

			if (close >= end)
				return NULL;
			m = node(rb, IR_SUBSCRIPT, i, 2);
			m->kids[0] = n;
			/* an index that is one name ([i], [drive]) keeps its
			 * name, so a loop over the array is seen walking it; it
			 * is no variable reference (no flags): which element it
			 * reaches is not followed.  Any other index is unknown. */
			if (close == i + 2 && rb->t[i + 1].kind == RT_IDENT) {
				m->kids[1] = node(rb, IR_DECLREF, i + 1, 0);
				m->kids[1]->name = ir_strdup(rb->arena, rb->t[i + 1].text);
			} else {
				m->kids[1] = unknown(rb, i);
			}
			m->nkids = 2;
			n = m;
			i = close + 1;
		} else {
			return NULL;
		}
	}
	return n;
}

static struct ir_node *expression(struct rebuilder *rb, size_t i, size_t end);
static struct ir_node *assignment(struct rebuilder *rb, size_t i, size_t end);

/* NAME ( ARGS ) over exactly [i, end); NULL if it is not one. */
static struct ir_node *call(struct rebuilder *rb, size_t i, size_t end)
{
	struct ir_node *n, *callee;
	size_t close, arg;
	unsigned cap = 0;

	if (end - i < 3 || rb->t[i].kind != RT_IDENT || !is(&rb->t[i + 1], "("))
		return NULL;
	close = closing(rb, i + 1, end);
	if (close != end - 1)
		return NULL;
	n = node(rb, IR_CALL, i, 0);
	n->name = ir_strdup(rb->arena, rb->t[i].text);
	n->flags = IRF_UNRESOLVED;
	callee = node(rb, IR_DECLREF, i, 0);
	callee->name = n->name;
	add_kid(rb, n, callee, &cap);
	for (arg = i + 2; arg < close;) {
		size_t comma = find_top(rb, arg, close, ",");

		add_kid(rb, n, expression(rb, arg, comma), &cap);
		arg = comma + 1;
	}
	return n;
}

static struct ir_node *literal(struct rebuilder *rb, size_t i)
{
	struct ir_node *n = node(rb, IR_INTLIT, i, 0);
	char *endp;
	long long v;

	if (is(&rb->t[i], "NULL")) {
		n->flags |= IRF_HAS_VALUE;
		return n;
	}
	v = strtoll(rb->t[i].text, &endp, 0);
	while (*endp == 'u' || *endp == 'U' || *endp == 'l' || *endp == 'L')
		endp++;
	if (*endp)
		return unknown(rb, i);
	n->value = v;
	n->flags |= IRF_HAS_VALUE;
	return n;
}

static struct ir_node *unary(struct rebuilder *rb, size_t i, size_t end, int op)
{
	struct ir_node *n = node(rb, IR_UNARY, i, 1);

	n->op = op;
	n->kids[0] = expression(rb, i + 1, end);
	n->nkids = 1;
	return n;
}

/* A cast "(type-ish tokens)" starting at i: the index after it, or i. */
static size_t skip_cast(const struct rebuilder *rb, size_t i, size_t end)
{
	size_t close = closing(rb, i, end);

	if (close + 1 >= end)
		return i;
	for (size_t k = i + 1; k < close; k++)
		if (rb->t[k].kind != RT_KEYWORD && rb->t[k].kind != RT_IDENT && !is(&rb->t[k], "*"))
			return i;
	return close + 1;
}

/* Can the token before a '-', '*' or '&' end an operand (so the operator is binary)? */
static int ends_operand(const struct rebuild_token *t)
{
	return t->kind == RT_IDENT || t->kind == RT_LITERAL || !strcmp(t->text, ")") ||
	       !strcmp(t->text, "]");
}

/* The last top-level binary operator of ops in (i, end), or end. */
static size_t binary_at(const struct rebuilder *rb, size_t i, size_t end, const char *const *ops)
{
	size_t found = end;

	for (size_t k = i; k < end;) {
		const char *s = rb->t[k].text;

		if (rb->t[k].kind == RT_PUNCT && (!strcmp(s, "(") || !strcmp(s, "[") ||
						  !strcmp(s, "{"))) {
			k = closing(rb, k, end) + 1;
			continue;
		}
		if (k > i && rb->t[k].kind == RT_PUNCT && ends_operand(&rb->t[k - 1]))
			for (const char *const *op = ops; *op; op++)
				if (!strcmp(s, *op))
					found = k;
		k++;
	}
	return found;
}

struct binary_level {
	const char *const *ops;
	int op; /* CXBinaryOperatorKind; 0: the value is unknown, only the parts are kept */
};

static const char *const ops_lor[] = { "||", NULL };
static const char *const ops_land[] = { "&&", NULL };
static const char *const ops_cond[] = { "?", ":", NULL };
static const char *const ops_eq[] = { "==", "!=", NULL };
static const char *const ops_rel[] = { "<", ">", "<=", ">=", NULL };
static const char *const ops_arith[] = {
	"|", "^", "&", "<<", ">>", "+", "-", "*", "/", "%", NULL,
};

static const struct binary_level binary_levels[] = {
	{ ops_cond, 0 }, { ops_lor, CXBinaryOperator_LOr }, { ops_land, CXBinaryOperator_LAnd },
	{ ops_eq, CXBinaryOperator_EQ }, { ops_rel, CXBinaryOperator_LT }, { ops_arith, 0 },
};

static int relational_op(const char *s)
{
	if (!strcmp(s, "!="))
		return CXBinaryOperator_NE;
	if (!strcmp(s, ">"))
		return CXBinaryOperator_GT;
	if (!strcmp(s, "<="))
		return CXBinaryOperator_LE;
	if (!strcmp(s, ">="))
		return CXBinaryOperator_GE;
	return 0;
}

/* i..end split at a top-level binary operator: a logical or relational
 * IR_BINARY, or IR_UNKNOWN over both sides (arithmetic has no value the
 * engine knows; its operands are still evaluated).  NULL if none. */
static struct ir_node *binary(struct rebuilder *rb, size_t i, size_t end)
{
	for (size_t l = 0; l < sizeof(binary_levels) / sizeof(binary_levels[0]); l++) {
		size_t at = binary_at(rb, i, end, binary_levels[l].ops);
		struct ir_node *n;
		int op;

		if (at >= end)
			continue;
		op = binary_levels[l].op;
		if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_LT)
			op = relational_op(rb->t[at].text) ? relational_op(rb->t[at].text) : op;
		n = node(rb, op ? IR_BINARY : IR_UNKNOWN, at, 2);
		n->op = op;
		n->kids[0] = expression(rb, i, at);
		n->kids[1] = expression(rb, at + 1, end);
		if (!n->kids[0] || !n->kids[1]) {
			if (op)
				return unknown(rb, at);
			n->kids[0] = n->kids[0] ? n->kids[0] : n->kids[1];
			n->nkids = n->kids[0] != NULL;
			return n;
		}
		n->nkids = 2;
		return n;
	}
	return NULL;
}

static struct ir_node *expression(struct rebuilder *rb, size_t i, size_t end)
{
	struct ir_node *n;

	if (i >= end)
		return NULL;
	while (is(&rb->t[i], "(")) {
		size_t after = skip_cast(rb, i, end);

		if (after != i) {
			i = after;
			continue;
		}
		if (closing(rb, i, end) != end - 1)
			break;
		i++;
		end--;
		if (i >= end)
			return NULL;
	}
	if (end - i == 1 && rb->t[i].kind == RT_LITERAL && rb->t[i].text[0] == '"') {
		n = node(rb, IR_OTHER, i, 0);
		n->flags = IRF_STRLIT;
		n->name = ir_strdup(rb->arena, rb->t[i].text);
		return n;
	}
	if (end - i == 1 && (rb->t[i].kind == RT_LITERAL || is(&rb->t[i], "NULL")))
		return literal(rb, i);
	if (find_top(rb, i, end, "=") < end)
		return assignment(rb, i, end); /* (err = register_blkdev(...)) < 0 */
	if ((n = binary(rb, i, end)) != NULL)
		return n;
	if (is(&rb->t[i], "!"))
		return unary(rb, i, end, CXUnaryOperator_LNot);
	if (is(&rb->t[i], "-"))
		return unary(rb, i, end, CXUnaryOperator_Minus);
	if (is(&rb->t[i], "&"))
		return unary(rb, i, end, CXUnaryOperator_AddrOf);
	if (is(&rb->t[i], "*"))
		return unary(rb, i, end, CXUnaryOperator_Deref);
	if ((n = call(rb, i, end)) != NULL || (n = path(rb, i, end)) != NULL)
		return n;
	return unknown(rb, i);
}

static const char *const decl_words[] = {
	"struct", "union", "enum", "const", "volatile", "static", "unsigned", "signed", "int",
	"char", "long", "short", "_Bool", "bool", "void", "register", NULL,
};

/* Does the statement [i, end) declare variables? */
static int is_declaration(const struct rebuilder *rb, size_t i, size_t end)
{
	size_t k = i;

	for (const char *const *w = decl_words; *w; w++)
		if (is(&rb->t[i], *w))
			return 1;
	/* TYPE [*...] NAME followed by = , ; [ (a typedef'd type: u32 x = ...) */
	if (rb->t[k].kind != RT_IDENT)
		return 0;
	for (k++; k < end && is(&rb->t[k], "*"); k++)
		;
	if (k >= end || rb->t[k].kind != RT_IDENT)
		return 0;
	return k + 1 == end || is(&rb->t[k + 1], "=") || is(&rb->t[k + 1], ",") ||
	       is(&rb->t[k + 1], "[");
}

/* One declarator "[*]NAME [= init]" of [i, end): an IR_DECL or NULL. */
static struct ir_node *declarator(struct rebuilder *rb, size_t i, size_t end)
{
	size_t eq = find_top(rb, i, end, "="), name = eq;
	unsigned flags = IRF_VAR | IRF_LOCAL;
	struct ir_node *n;

	while (name > i && rb->t[name - 1].kind != RT_IDENT)
		name--;
	if (name <= i)
		return NULL; /* no type before the name: not a declarator */
	name--;
	for (size_t k = i; k < name; k++)
		if (is(&rb->t[k], "*"))
			flags |= IRF_POINTER;
	n = node(rb, IR_DECL, name, 1);
	n->name = ir_strdup(rb->arena, rb->t[name].text);
	n->flags = IRF_LOCAL | (flags & IRF_POINTER);
	if (eq < end) {
		n->kids[0] = expression(rb, eq + 1, end);
		n->nkids = n->kids[0] != NULL;
	}
	if (rb->names)
		rb->names->declare(rb->names->ctx, n->name, flags);
	return n;
}

static struct ir_node *declaration(struct rebuilder *rb, size_t i, size_t end)
{
	struct ir_node *n = node(rb, IR_COMPOUND, i, 0);
	unsigned cap = 0;

	/* the first declarator carries the type words, the others "*name = x" */
	for (size_t k = i; k < end;) {
		size_t next = find_top(rb, k, end, ",");

		add_kid(rb, n, declarator(rb, k, next), &cap);
		k = next + 1;
	}
	return n;
}

/* PATH = EXPR (or a compound assignment) over [i, end); the value of an
 * assignment through something not a plain path is unknown. */
static struct ir_node *assignment(struct rebuilder *rb, size_t i, size_t end)
{
	size_t eq = find_top(rb, i, end, "=");
	struct ir_node *n, *lhs;

	for (const char *const *op = compound_assign; *op && eq == end; op++) {
		size_t k = find_top(rb, i, end, *op);

		if (k < end) {
			lhs = path(rb, i, k);
			n = node(rb, IR_BINARY, k, 2);
			n->op = CXBinaryOperator_AddAssign;
			n->kids[0] = lhs ? lhs : unknown(rb, i);
			n->kids[1] = expression(rb, k + 1, end);
			n->nkids = n->kids[1] ? 2 : 1;
			return n;
		}
	}
	if (eq == end)
		return expression(rb, i, end);
	lhs = path(rb, i, eq);
	if (!lhs || lhs->kind == IR_UNKNOWN) {
		/* *p = x, a[i] = x ... through something not a plain path */
		n = node(rb, IR_UNKNOWN, i, 1);
		n->kids[0] = expression(rb, eq + 1, end);
		n->nkids = n->kids[0] != NULL;
		return n;
	}
	n = node(rb, IR_BINARY, eq, 2);
	n->op = CXBinaryOperator_Assign;
	n->kids[0] = lhs;
	n->kids[1] = expression(rb, eq + 1, end);
	if (!n->kids[1])
		n->kids[1] = unknown(rb, eq);
	n->nkids = 2;
	return n;
}

static struct ir_node *statement(struct rebuilder *rb, size_t *pos, size_t end);

/* "( ... )" at *pos: the condition between, *pos moved past ')'. */
static struct ir_node *paren_condition(struct rebuilder *rb, size_t *pos, size_t end)
{
	size_t open = *pos, close;
	struct ir_node *c;

	if (open >= end || !is(&rb->t[open], "("))
		return NULL;
	close = closing(rb, open, end);
	if (close >= end)
		return NULL;
	*pos = close + 1;
	c = expression(rb, open + 1, close);
	return c ? c : unknown(rb, open);
}

/* A statement keyword followed by "(cond) body": IR_IF / IR_WHILE / IR_FOR. */
static struct ir_node *headed(struct rebuilder *rb, size_t *pos, size_t end, enum ir_kind kind)
{
	size_t at = *pos;
	struct ir_node *n, *cond, *body;

	*pos = at + 1;
	cond = paren_condition(rb, pos, end);
	if (!cond)
		return NULL;
	if (kind == IR_FOR)
		cond = unknown(rb, at); /* init; cond; inc: unknown, never refining */
	body = statement(rb, pos, end);
	n = node(rb, kind, at, 3);
	n->kids[0] = cond;
	n->kids[1] = body ? body : node(rb, IR_NULLSTMT, at, 0);
	n->nkids = 2;
	if (kind == IR_IF && *pos < end && is(&rb->t[*pos], "else")) {
		(*pos)++;
		body = statement(rb, pos, end);
		if (body)
			n->kids[n->nkids++] = body;
	}
	return n;
}

/* The statement at *pos; *pos is moved past it.  NULL at the end. */
static struct ir_node *statement(struct rebuilder *rb, size_t *pos, size_t end)
{
	size_t i = *pos, semi;
	const struct rebuild_token *t;
	struct ir_node *n;

	if (i >= end)
		return NULL;
	t = &rb->t[i];
	if (is(t, "{")) {
		size_t close = closing(rb, i, end);
		unsigned cap = 0;

		n = node(rb, IR_COMPOUND, i, 0);
		for (size_t k = i + 1; k < close;)
			add_kid(rb, n, statement(rb, &k, close), &cap);
		*pos = close < end ? close + 1 : end;
		return n;
	}
	if (t->kind == RT_KEYWORD) {
		if (is(t, "if"))
			return headed(rb, pos, end, IR_IF);
		if (is(t, "while"))
			return headed(rb, pos, end, IR_WHILE);
		if (is(t, "for"))
			return headed(rb, pos, end, IR_FOR);
		if (is(t, "do")) {
			struct ir_node *body;

			*pos = i + 1;
			body = statement(rb, pos, end);
			n = node(rb, IR_DO, i, 2);
			n->kids[0] = body ? body : node(rb, IR_NULLSTMT, i, 0);
			if (*pos < end && is(&rb->t[*pos], "while")) {
				(*pos)++;
				n->kids[1] = paren_condition(rb, pos, end);
			}
			if (!n->kids[1])
				n->kids[1] = unknown(rb, i);
			n->nkids = 2;
			if (*pos < end && is(&rb->t[*pos], ";"))
				(*pos)++;
			return n;
		}
		if (is(t, "case") || is(t, "default")) {
			size_t colon = find_top(rb, i, end, ":");
			struct ir_node *body;

			*pos = colon < end ? colon + 1 : end;
			body = statement(rb, pos, end);
			n = node(rb, is(t, "case") ? IR_CASE : IR_DEFAULT, i, 2);
			if (is(t, "case"))
				n->kids[n->nkids++] = unknown(rb, i);
			n->kids[n->nkids++] = body ? body : node(rb, IR_NULLSTMT, i, 0);
			return n;
		}
	}
	if (t->kind == RT_IDENT && i + 1 < end && is(&rb->t[i + 1], ":")) {
		struct ir_node *body;

		*pos = i + 2;
		body = statement(rb, pos, end);
		n = node(rb, IR_LABEL, i, 1);
		n->name = ir_strdup(rb->arena, t->text);
		n->kids[0] = body ? body : node(rb, IR_NULLSTMT, i, 0);
		n->nkids = 1;
		return n;
	}
	semi = find_top(rb, i, end, ";");
	*pos = semi < end ? semi + 1 : end;
	if (semi == i)
		return node(rb, IR_NULLSTMT, i, 0);
	if (is(t, "return")) {
		n = node(rb, IR_RETURN, i, 1);
		n->kids[0] = expression(rb, i + 1, semi);
		n->nkids = n->kids[0] != NULL;
		return n;
	}
	if (is(t, "goto") && semi == i + 2 && rb->t[i + 1].kind == RT_IDENT) {
		n = node(rb, IR_GOTO, i, 0);
		n->name = ir_strdup(rb->arena, rb->t[i + 1].text);
		return n;
	}
	if (is(t, "break") && semi == i + 1)
		return node(rb, IR_BREAK, i, 0);
	if (is(t, "continue") && semi == i + 1)
		return node(rb, IR_CONTINUE, i, 0);
	if (t->kind == RT_KEYWORD && !is_declaration(rb, i, semi))
		return unknown(rb, i); /* switch, asm ...: not rebuilt */
	if (is_declaration(rb, i, semi))
		return declaration(rb, i, semi);
	return assignment(rb, i, semi);
}

struct ir_node *rebuild_statements(struct ir_arena *arena, const struct rebuild_token *t,
				   size_t n, const struct rebuild_names *names)
{
	struct rebuilder rb = { arena, t, names };
	struct ir_node *block;
	unsigned cap = 0;

	if (!n)
		return NULL;
	block = node(&rb, IR_COMPOUND, 0, 0);
	for (size_t pos = 0; pos < n;)
		add_kid(&rb, block, statement(&rb, &pos, n), &cap);
	return block;
}

struct ir_node *rebuild_expression(struct ir_arena *arena, const struct rebuild_token *t,
				   size_t n, const struct rebuild_names *names)
{
	struct rebuilder rb = { arena, t, names };
	struct ir_node *e;

	if (!n)
		return NULL;
	e = expression(&rb, 0, n);
	return e ? e : unknown(&rb, 0);
}
