// SPDX-License-Identifier: GPL-2.0
/*
 * rq-disk: a 5.10 blk-mq driver finds its device through rq->rq_disk in
 * ->queue_rq; it becomes rq->q->disk.
 * gendisk-cocci: legacy input (request.rq_disk is gone before 6.1); only
 * the .res is compiled.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/blk-mq.h>

struct rx_dev {
	unsigned long served;
};

static blk_status_t rx_queue_rq(struct blk_mq_hw_ctx *hctx,
				const struct blk_mq_queue_data *bd)
{
	struct request *rq = bd->rq;
	struct rx_dev *dev = rq->rq_disk->private_data;

	blk_mq_start_request(rq);
	dev->served++;
	blk_mq_end_request(rq, BLK_STS_OK);
	return BLK_STS_OK;
}

static const struct blk_mq_ops rx_mq_ops = {
	.queue_rq	= rx_queue_rq,
};

const struct blk_mq_ops *rx_ops(void);
const struct blk_mq_ops *rx_ops(void)
{
	return &rx_mq_ops;
}

MODULE_LICENSE("GPL");
