/*
 * Flags that stand for "the disk was added" (added_flags.h).
 */
#include "added_flags.h"
#include "file_rules.h"
#include "module_facts.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

enum { FLAG_SET = 1, FLAG_CLEAR = 2, FLAG_TEST = 4 };

static int name_is(const char *name, const char *const *list)
{
	for (; name && *list; list++)
		if (strcmp(name, *list) == 0)
			return 1;
	return 0;
}

static const char *const set_bit_fns[] = {
	"set_bit", "__set_bit", "test_and_set_bit", "__test_and_set_bit", NULL
};
static const char *const clear_bit_fns[] = {
	"clear_bit", "__clear_bit", "test_and_clear_bit", "__test_and_clear_bit", NULL
};
/* test_bit() is a macro choosing between _test_bit() and const_test_bit() */
static const char *const test_bit_fns[] = {
	"test_bit", "_test_bit", "const_test_bit", "arch_test_bit", "test_and_clear_bit", NULL
};
static const char *const atomic_store_fns[] = { "atomic_set", "atomic_xchg", NULL };

/* &x->member or x->member: the member node, else NULL. */
static const struct ir_node *member_of(const struct ir_node *n)
{
	n = ir_strip(n);
	if (n && n->kind == IR_UNARY && n->op == CXUnaryOperator_AddrOf && n->nkids == 1)
		n = ir_strip(n->kids[0]);
	return n && n->kind == IR_MEMBER && n->name ? n : NULL;
}

/* A constant: 1 and *value set. */
static int constant(const struct ir_node *n, long long *value)
{
	n = ir_strip(n);
	/* the kernel's true and false are enum constants (linux/stddef.h) */
	if (n && n->kind == IR_DECLREF && n->name && !(n->flags & IRF_VAR) &&
	    (strcmp(n->name, "true") == 0 || strcmp(n->name, "false") == 0)) {
		*value = n->name[0] == 't';
		return 1;
	}
	if (!n || n->kind != IR_INTLIT || !(n->flags & IRF_HAS_VALUE))
		return 0;
	*value = n->value;
	return 1;
}

static void bit_text(const struct ir_node *b, char *buf, size_t size)
{
	b = ir_strip(b);
	if (b && b->kind == IR_DECLREF && b->name)
		snprintf(buf, size, "%s", b->name);
	else if (b && b->kind == IR_INTLIT && (b->flags & IRF_HAS_VALUE))
		snprintf(buf, size, "%lld", b->value);
	else
		buf[0] = 0;
}

/* What n does to a flag (FLAG_*; 0: nothing); the flag goes to *f. */
static unsigned flag_op(const struct ir_node *n, struct added_flag *f)
{
	const struct ir_node *m = NULL;
	unsigned op = 0;
	long long v;

	memset(f, 0, sizeof(*f));
	n = ir_strip(n);
	/* the expansion of test_bit(): cond ? const_test_bit() : _test_bit() */
	if (n && n->kind == IR_CONDOP && n->nkids == 3 && ir_strip(n->kids[2]) &&
	    ir_strip(n->kids[2])->kind == IR_CALL)
		n = ir_strip(n->kids[2]);
	if (!n)
		return 0;
	if (n->kind == IR_CALL) {
		const char *name = ir_api_name(n);

		if (!name || !name[0])
			return 0;
		if (name_is(name, atomic_store_fns) && ir_call_nargs(n) == 2 &&
		    constant(ir_call_arg(n, 1), &v)) {
			m = member_of(ir_call_arg(n, 0));
			op = v ? FLAG_SET : FLAG_CLEAR;
		} else if (strcmp(name, "atomic_read") == 0 && ir_call_nargs(n) == 1) {
			m = member_of(ir_call_arg(n, 0));
			op = FLAG_TEST;
		} else if (ir_call_nargs(n) == 2 &&
			   (name_is(name, set_bit_fns) || name_is(name, clear_bit_fns) ||
			    name_is(name, test_bit_fns))) {
			m = member_of(ir_call_arg(n, 1));
			bit_text(ir_call_arg(n, 0), f->bit, sizeof(f->bit));
			if (!f->bit[0])
				return 0;
			op = name_is(name, set_bit_fns) ? FLAG_SET
			     : name_is(name, clear_bit_fns) ? FLAG_CLEAR : 0;
			if (name_is(name, test_bit_fns))
				op |= FLAG_TEST;
		}
	} else if (n->kind == IR_BINARY && n->op == CXBinaryOperator_Assign && n->nkids == 2 &&
		   constant(n->kids[1], &v)) {
		m = member_of(n->kids[0]);
		op = v ? FLAG_SET : FLAG_CLEAR;
	} else if (n->kind == IR_MEMBER) {
		m = member_of(n);
		op = FLAG_TEST;
	}
	if (!m || !op)
		return 0;
	f->record = m->record;
	f->member = m->name;
	if (!ir_path_text(m, f->text, sizeof(f->text)))
		snprintf(f->text, sizeof(f->text), "%s", m->name);
	f->set_loc = n->loc;
	return op;
}

static int same_flag(const struct added_flag *a, const struct added_flag *b)
{
	return strcmp(a->member, b->member) == 0 && strcmp(a->bit, b->bit) == 0 &&
	       (!a->record || !b->record || strcmp(a->record, b->record) == 0);
}

static int before(struct ir_loc a, struct ir_loc b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

struct scan {
	struct ir_loc add_loc;
	struct added_flag want;  /* FLAG_CLEAR search: the flag */
	unsigned mode;           /* FLAG_SET: collect sets before add_loc; FLAG_CLEAR */
	struct added_flag sets[8];
	unsigned nsets;
	int cleared;
};

static int scan_node(const struct ir_node *n, void *data)
{
	struct scan *s = data;
	struct added_flag f;
	unsigned op = flag_op(n, &f);

	if (s->mode == FLAG_SET && (op & FLAG_SET) && before(n->loc, s->add_loc) &&
	    s->nsets < sizeof(s->sets) / sizeof(s->sets[0]))
		s->sets[s->nsets++] = f;
	if (s->mode == FLAG_CLEAR && (op & FLAG_CLEAR) && !before(n->loc, s->add_loc) &&
	    same_flag(&f, &s->want))
		s->cleared = 1;
	return 1;
}

/* Does cond test the flag, not negated: the test itself or a && operand? */
static int tests_flag(const struct ir_node *cond, const struct added_flag *flag,
		      struct ir_loc *loc)
{
	struct added_flag f;

	cond = ir_strip(cond);
	if (!cond)
		return 0;
	if (cond->kind == IR_BINARY && cond->op == CXBinaryOperator_LAnd && cond->nkids == 2)
		return tests_flag(cond->kids[0], flag, loc) || tests_flag(cond->kids[1], flag, loc);
	if ((flag_op(cond, &f) & FLAG_TEST) && same_flag(&f, flag)) {
		*loc = cond->loc;
		return 1;
	}
	return 0;
}

struct del_search {
	const char *member;
	struct ir_loc loc;
	int found;
	char path[160];
};

static int find_del(const struct ir_node *n, void *data)
{
	struct del_search *s = data;
	const char *name;
	char path[160];

	if (s->found || n->kind != IR_CALL || !(name = ir_api_name(n)) ||
	    strcmp(name, "del_gendisk") != 0 || ir_call_nargs(n) != 1)
		return !s->found;
	if (s->member) {
		const char *last;

		if (!ir_path_text(ir_call_arg(n, 0), path, sizeof(path)))
			return 1;
		last = strrchr(path, '>');
		if (!last || (strrchr(path, '.') && strrchr(path, '.') > last))
			last = strrchr(path, '.');
		if (!last || strcmp(last + 1, s->member) != 0)
			return 1;
	}
	if (!ir_path_text(ir_call_arg(n, 0), s->path, sizeof(s->path)))
		s->path[0] = 0;
	s->loc = n->loc;
	s->found = 1;
	return 0;
}

struct gate_search {
	const struct added_flag *flag;
	const char *disk_member;
	struct flag_gate *gate;
	int found;
};

static int find_gate(const struct ir_node *n, void *data)
{
	struct gate_search *s = data;
	struct del_search d = { .member = s->disk_member };
	struct ir_loc test;

	if (s->found)
		return 0;
	if (n->kind != IR_IF || n->nkids < 2 || !tests_flag(n->kids[0], s->flag, &test))
		return 1;
	ir_walk(n->kids[1], find_del, &d);
	if (!d.found)
		return 1;
	s->gate->test_loc = test;
	s->gate->del_loc = d.loc;
	s->found = 1;
	return 0;
}

int added_flag_left_set(const struct module_facts *mf, const struct ir_function *fn,
			struct ir_loc add_loc, const char *disk_member, struct added_flag *flag,
			struct flag_gate *gate)
{
	struct scan s = { .add_loc = add_loc, .mode = FLAG_SET };

	if (!mf || !fn || !fn->body || !add_loc.line)
		return 0;
	ir_walk(fn->body, scan_node, &s);
	for (unsigned i = 0; i < s.nsets; i++) {
		struct scan c = { .add_loc = add_loc, .want = s.sets[i], .mode = FLAG_CLEAR };

		ir_walk(fn->body, scan_node, &c);
		if (c.cleared)
			continue;
		for (size_t k = 0; k < mf->all.nfuncs; k++) {
			const struct ir_function *t = &mf->all.funcs[k];
			struct gate_search g = {
				.flag = &s.sets[i], .disk_member = disk_member, .gate = gate,
			};

			if (!t->body || strcmp(t->name, fn->name) == 0)
				continue;
			ir_walk(t->body, find_gate, &g);
			if (g.found) {
				gate->fn = t;
				*flag = s.sets[i];
				return 1;
			}
		}
	}
	return 0;
}
