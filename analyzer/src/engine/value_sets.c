/* Sign sets of integer values, shared by the engine's analyses (value_sets.h). */
#include "value_sets.h"

#include <clang-c/Index.h>

int value_negative_constant(const struct ir_node *n)
{
	n = ir_strip(n);
	if (!n)
		return 0;
	if (n->kind == IR_INTLIT)
		return (n->flags & IRF_HAS_VALUE) && n->value < 0;
	if (n->kind == IR_UNARY && n->op == CXUnaryOperator_Minus && n->nkids == 1) {
		const struct ir_node *k = ir_strip(n->kids[0]);

		if (!k)
			return 0;
		if (k->kind == IR_INTLIT)
			return (k->flags & IRF_HAS_VALUE) && k->value > 0;
		/* -ENOMEM without headers: an undeclared name, not a variable */
		return !(k->kind == IR_DECLREF && (k->flags & IRF_VAR));
	}
	return 0;
}

int value_zero_literal(const struct ir_node *n)
{
	n = ir_strip(n);
	return n && n->kind == IR_INTLIT && (n->flags & IRF_HAS_VALUE) && n->value == 0;
}

unsigned value_relation_mask(int op, int sense, int zero_on_left)
{
	unsigned m;

	if (zero_on_left) { /* 0 < x  ==  x > 0 */
		if (op == CXBinaryOperator_LT)
			op = CXBinaryOperator_GT;
		else if (op == CXBinaryOperator_GT)
			op = CXBinaryOperator_LT;
		else if (op == CXBinaryOperator_LE)
			op = CXBinaryOperator_GE;
		else if (op == CXBinaryOperator_GE)
			op = CXBinaryOperator_LE;
	}
	switch (op) {
	case CXBinaryOperator_EQ: m = VAL_ZERO; break;
	case CXBinaryOperator_NE: m = VAL_NEG | VAL_POS; break;
	case CXBinaryOperator_LT: m = VAL_NEG; break;
	case CXBinaryOperator_GT: m = VAL_POS; break;
	case CXBinaryOperator_LE: m = VAL_NEG | VAL_ZERO; break;
	case CXBinaryOperator_GE: m = VAL_POS | VAL_ZERO; break;
	default: return VAL_ANY;
	}
	return sense ? m : (VAL_ANY & ~m);
}
