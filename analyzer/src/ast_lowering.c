/* Walk libclang cursors of main-file functions once and build the IR. */
#include "ast_lowering.h"

#include "local_headers.h"
#include "string_list.h"

#include <stdlib.h>
#include <string.h>

struct cursor_vec {
	CXCursor *items;
	unsigned len;
	unsigned cap;
};

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent, CXClientData data)
{
	struct cursor_vec *v = data;

	(void)parent;
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->items = xrealloc(v->items, v->cap * sizeof(*v->items));
	}
	v->items[v->len++] = c;
	return CXChildVisit_Continue;
}

static struct ir_loc cursor_loc(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation l = clang_getRangeStart(r);
	unsigned line = 0, col = 0;
	struct ir_loc loc;

	/* the file location: where a macro argument was written, or the
	 * expansion point for tokens of a macro body (blk_alloc_disk(...)) */
	clang_getFileLocation(l, NULL, &line, &col, NULL);
	if (line == 0)
		clang_getFileLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
	loc.line = line;
	loc.col = col;
	return loc;
}

static const char *cursor_name(struct ir_arena *arena, CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	const char *cs = clang_getCString(s);
	const char *out = ir_strdup(arena, cs ? cs : "");

	clang_disposeString(s);
	return out;
}

static int is_kept_child(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return clang_isExpression(k) || clang_isStatement(k) || k == CXCursor_VarDecl;
}

static struct ir_node *lower(struct ir_arena *arena, CXCursor c, int depth);

static struct ir_node *new_node(struct ir_arena *arena, enum ir_kind kind, CXCursor c)
{
	struct ir_node *n = ir_alloc(arena, sizeof(*n));

	n->kind = kind;
	n->loc = cursor_loc(c);
	return n;
}

static void lower_kids(struct ir_arena *arena, struct ir_node *n, const struct cursor_vec *v,
		       int depth)
{
	unsigned k = 0;

	n->kids = ir_alloc(arena, (v->len ? v->len : 1) * sizeof(*n->kids));
	for (unsigned i = 0; i < v->len; i++) {
		struct ir_node *kid;

		if (!is_kept_child(v->items[i]))
			continue;
		kid = lower(arena, v->items[i], depth + 1);
		if (kid)
			n->kids[k++] = kid;
	}
	n->nkids = k;
}

static void mark_declref(struct ir_node *n, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(ref);

	if (rk == CXCursor_ParmDecl) {
		n->flags |= IRF_VAR | IRF_PARAM;
	} else if (rk == CXCursor_VarDecl) {
		enum CX_StorageClass sc = clang_Cursor_getStorageClass(ref);
		enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(ref));

		n->flags |= IRF_VAR;
		if (pk == CXCursor_FunctionDecl && sc != CX_SC_Static && sc != CX_SC_Extern)
			n->flags |= IRF_LOCAL;
	}
}

static struct ir_node *lower(struct ir_arena *arena, CXCursor c, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_vec v = { 0 };
	struct ir_node *n;
	unsigned kept = 0;

	if (depth > 400)
		return new_node(arena, IR_OTHER, c);
	if (k == CXCursor_UnaryExpr) /* sizeof, alignof: not evaluated */
		return new_node(arena, IR_SIZEOF, c);
	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++)
		kept += (unsigned)is_kept_child(v.items[i]);

	/* transparent wrappers: parens, casts, implicit conversions */
	if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
	     k == CXCursor_CStyleCastExpr) && kept == 1) {
		for (unsigned i = 0; i < v.len; i++) {
			if (is_kept_child(v.items[i])) {
				n = lower(arena, v.items[i], depth + 1);
				free(v.items);
				return n;
			}
		}
	}

	switch (k) {
	case CXCursor_CompoundStmt: n = new_node(arena, IR_COMPOUND, c); break;
	case CXCursor_IfStmt: n = new_node(arena, IR_IF, c); break;
	case CXCursor_SwitchStmt: n = new_node(arena, IR_SWITCH, c); break;
	case CXCursor_CaseStmt: n = new_node(arena, IR_CASE, c); break;
	case CXCursor_DefaultStmt: n = new_node(arena, IR_DEFAULT, c); break;
	case CXCursor_WhileStmt: n = new_node(arena, IR_WHILE, c); break;
	case CXCursor_DoStmt: n = new_node(arena, IR_DO, c); break;
	case CXCursor_ForStmt: n = new_node(arena, IR_FOR, c); break;
	case CXCursor_BreakStmt: n = new_node(arena, IR_BREAK, c); break;
	case CXCursor_ContinueStmt: n = new_node(arena, IR_CONTINUE, c); break;
	case CXCursor_ReturnStmt: n = new_node(arena, IR_RETURN, c); break;
	case CXCursor_NullStmt: n = new_node(arena, IR_NULLSTMT, c); break;
	case CXCursor_GotoStmt:
		n = new_node(arena, IR_GOTO, c);
		n->name = cursor_name(arena, clang_getCursorReferenced(c));
		break;
	case CXCursor_LabelStmt:
		n = new_node(arena, IR_LABEL, c);
		n->name = cursor_name(arena, c);
		break;
	case CXCursor_DeclStmt:
		n = new_node(arena, IR_COMPOUND, c);
		break;
	case CXCursor_VarDecl: {
		enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);

		n = new_node(arena, IR_DECL, c);
		n->name = cursor_name(arena, c);
		if (sc != CX_SC_Static && sc != CX_SC_Extern)
			n->flags |= IRF_LOCAL;
		if (clang_getCursorType(c).kind == CXType_Pointer)
			n->flags |= IRF_POINTER;
		/* keep only the initializer (the last expression child) */
		lower_kids(arena, n, &v, depth);
		if (n->nkids > 1) {
			n->kids[0] = n->kids[n->nkids - 1];
			n->nkids = 1;
		}
		free(v.items);
		return n;
	}
	case CXCursor_CallExpr:
		n = new_node(arena, IR_CALL, c);
		n->name = cursor_name(arena, c);
		break;
	case CXCursor_DeclRefExpr:
		n = new_node(arena, IR_DECLREF, c);
		n->name = cursor_name(arena, c);
		mark_declref(n, c);
		break;
	case CXCursor_MemberRefExpr:
		n = new_node(arena, IR_MEMBER, c);
		n->name = cursor_name(arena, c);
		n->flags |= IRF_ARROW;
		for (unsigned i = 0; i < v.len; i++) {
			if (is_kept_child(v.items[i])) {
				CXType t = clang_getCursorType(v.items[i]);

				if (t.kind != CXType_Pointer && t.kind != CXType_Invalid &&
				    t.kind != CXType_Unexposed)
					n->flags &= ~(unsigned)IRF_ARROW;
				break;
			}
		}
		break;
	case CXCursor_ArraySubscriptExpr: n = new_node(arena, IR_SUBSCRIPT, c); break;
	case CXCursor_UnaryOperator:
		n = new_node(arena, IR_UNARY, c);
		n->op = (int)clang_getCursorUnaryOperatorKind(c);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		n = new_node(arena, IR_BINARY, c);
		n->op = (int)clang_getCursorBinaryOperatorKind(c);
		break;
	case CXCursor_ConditionalOperator: n = new_node(arena, IR_CONDOP, c); break;
	case CXCursor_StringLiteral:
		n = new_node(arena, IR_OTHER, c);
		n->flags |= IRF_STRLIT;
		n->name = cursor_name(arena, c);
		break;
	case CXCursor_StmtExpr: n = new_node(arena, IR_STMTEXPR, c); break;
	case CXCursor_IntegerLiteral: {
		CXEvalResult r = clang_Cursor_Evaluate(c);

		n = new_node(arena, IR_INTLIT, c);
		if (r) {
			if (clang_EvalResult_getKind(r) == CXEval_Int) {
				n->value = clang_EvalResult_getAsLongLong(r);
				n->flags |= IRF_HAS_VALUE;
			}
			clang_EvalResult_dispose(r);
		}
		free(v.items);
		return n;
	}
	default:
		n = new_node(arena, IR_OTHER, c);
		break;
	}
	if (clang_isExpression(k) && clang_getCursorType(c).kind == CXType_Pointer)
		n->flags |= IRF_POINTER;
	lower_kids(arena, n, &v, depth);
	if (k == CXCursor_ForStmt) {
		if (n->nkids >= 4)
			n->flags |= IRF_FOR_INIT | IRF_FOR_COND | IRF_FOR_INC;
		/* with 2-3 kids the missing clauses are unknown: the CFG treats
		 * every non-body kid as a non-refining head expression */
	}
	free(v.items);
	return n;
}

struct top_ctx {
	struct lowered_file *out;
	size_t cap;
	size_t cap_globals;
	size_t cap_header;
};

/* The field name and value of one designated initializer ".name = value"
 * (libclang shows it as an expression whose children are a MemberRef per
 * designator and the value). */
static void lower_field_init(struct ir_arena *arena, CXCursor c, struct ir_field_init *fi)
{
	struct cursor_vec v = { 0 };

	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++) {
		enum CXCursorKind k = clang_getCursorKind(v.items[i]);

		if (k == CXCursor_MemberRef && !fi->name) {
			fi->name = cursor_name(arena, v.items[i]);
			fi->loc = cursor_loc(v.items[i]);
		} else if (is_kept_child(v.items[i])) {
			fi->value = lower(arena, v.items[i], 1);
		}
	}
	free(v.items);
}

static void lower_global(struct top_ctx *tc, CXCursor c)
{
	struct lowered_file *lf = tc->out;
	struct cursor_vec v = { 0 }, inits = { 0 };
	CXCursor list = clang_getNullCursor();
	struct ir_global *g;
	CXType t = clang_getCanonicalType(clang_getCursorType(c));
	CXString ts;

	if (t.kind != CXType_Record)
		return;
	clang_visitChildren(c, collect_child, &v);
	for (unsigned i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.items[i]) == CXCursor_InitListExpr)
			list = v.items[i];
	free(v.items);
	if (clang_Cursor_isNull(list))
		return;
	if (lf->nglobals == tc->cap_globals) {
		tc->cap_globals = tc->cap_globals ? tc->cap_globals * 2 : 8;
		lf->globals = xrealloc(lf->globals, tc->cap_globals * sizeof(*lf->globals));
	}
	g = &lf->globals[lf->nglobals++];
	memset(g, 0, sizeof(*g));
	g->name = cursor_name(&lf->arena, c);
	clang_getFileLocation(clang_getCursorLocation(c), NULL, &g->loc.line, &g->loc.col, NULL);
	t = clang_getUnqualifiedType(t);
	ts = clang_getTypeSpelling(t);
	g->type = ir_strdup(&lf->arena, clang_getCString(ts) ? clang_getCString(ts) : "");
	clang_disposeString(ts);
	clang_visitChildren(list, collect_child, &inits);
	g->fields = ir_alloc(&lf->arena, (inits.len ? inits.len : 1) * sizeof(*g->fields));
	for (unsigned i = 0; i < inits.len; i++) {
		struct ir_field_init *fi = &g->fields[g->nfields];

		lower_field_init(&lf->arena, inits.items[i], fi);
		if (fi->name)
			g->nfields++;
		else
			memset(fi, 0, sizeof(*fi));
	}
	free(inits.items);
}

/* The driver-local header a static inline function definition outside the
 * main file is written in (arena copy), or NULL: kernel headers and
 * anything not static inline are not the driver's. */
static const char *local_inline_header(struct ir_arena *arena, CXCursor c)
{
	CXFile file = NULL;
	CXString name;
	const char *path, *slash;
	const char *out = NULL;

	if (clang_Cursor_getStorageClass(c) != CX_SC_Static || !clang_Cursor_isFunctionInlined(c))
		return NULL;
	clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
	if (!file)
		return NULL;
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (path && (slash = strrchr(path, '/')) != NULL) {
		char *dir = xstrndup(path, (size_t)(slash - path));

		if (local_include_dir(dir))
			out = ir_strdup(arena, path);
		free(dir);
	} else if (path && *path) {
		out = ir_strdup(arena, path); /* found in the current directory */
	}
	clang_disposeString(name);
	return out;
}

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct top_ctx *tc = data;
	struct lowered_file *lf = tc->out;
	struct ir_function *f;
	struct cursor_vec v = { 0 };
	const char *header = NULL;
	int nargs;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl && clang_isCursorDefinition(c) &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
		lower_global(tc, c);
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c))) {
		header = local_inline_header(&lf->arena, c);
		if (!header)
			return CXChildVisit_Continue;
	}
	clang_visitChildren(c, collect_child, &v);
	if (header) {
		if (lf->nheader_funcs == tc->cap_header) {
			tc->cap_header = tc->cap_header ? tc->cap_header * 2 : 8;
			lf->header_funcs = xrealloc(lf->header_funcs,
						    tc->cap_header * sizeof(*lf->header_funcs));
		}
		f = &lf->header_funcs[lf->nheader_funcs];
	} else {
		if (lf->nfuncs == tc->cap) {
			tc->cap = tc->cap ? tc->cap * 2 : 32;
			lf->funcs = xrealloc(lf->funcs, tc->cap * sizeof(*lf->funcs));
		}
		f = &lf->funcs[lf->nfuncs];
	}
	memset(f, 0, sizeof(*f));
	f->name = cursor_name(&lf->arena, c);
	f->header = header;
	f->loc = cursor_loc(c);
	f->returns_void = clang_getResultType(clang_getCursorType(c)).kind == CXType_Void;
	f->is_static = clang_Cursor_getStorageClass(c) == CX_SC_Static;
	nargs = clang_Cursor_getNumArguments(c);
	if (nargs > 0) {
		f->nparams = (unsigned)nargs;
		f->params = ir_alloc(&lf->arena, (size_t)nargs * sizeof(*f->params));
		for (int i = 0; i < nargs; i++)
			f->params[i] = cursor_name(&lf->arena, clang_Cursor_getArgument(c, (unsigned)i));
	}
	for (unsigned i = 0; i < v.len; i++)
		if (clang_getCursorKind(v.items[i]) == CXCursor_CompoundStmt) {
			CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(v.items[i]));

			clang_getExpansionLocation(end, NULL, &f->end_loc.line, &f->end_loc.col, NULL);
			if (f->end_loc.col > 1)
				f->end_loc.col--;
			f->body = lower(&lf->arena, v.items[i], 0);
		}
	free(v.items);
	if (f->body) {
		if (header)
			lf->nheader_funcs++;
		else
			lf->nfuncs++;
	}
	return CXChildVisit_Continue;
}

void lower_main_file(CXTranslationUnit tu, struct lowered_file *out)
{
	struct top_ctx tc = { .out = out };

	memset(out, 0, sizeof(*out));
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &tc);
}

void lowered_file_free(struct lowered_file *lf)
{
	free(lf->funcs);
	free(lf->globals);
	free(lf->header_funcs);
	ir_arena_free(&lf->arena);
	memset(lf, 0, sizeof(*lf));
}
