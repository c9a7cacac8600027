// SPDX-License-Identifier: GPL-2.0
/*
 * bio-cur-bytes: near miss.  6.x code reading the segment length with
 * bio_iovec() and bio_for_each_segment(): nothing to port.
 */
#include <linux/module.h>
#include <linux/bio.h>

unsigned int fx_bytes(struct bio *bio);
unsigned int fx_bytes(struct bio *bio)
{
	struct bio_vec bv;
	struct bvec_iter iter;
	unsigned int n = bio_iovec(bio).bv_len;

	bio_for_each_segment(bv, bio, iter)
		n += bv.bv_len;
	return n;
}
