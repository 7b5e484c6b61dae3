// FFmpeg's libraries (Debian's libavcodec, libavformat, libavfilter, libswscale, libavutil)
// for RiveExport's video and GIF encoders. The functions below stand in for FFmpeg's
// function-like and compound macros, which Swift cannot import.
#ifndef CAV_SHIM_H
#define CAV_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

/// `AVERROR(EAGAIN)`: the encoder wants input (or has no packet yet).
static inline int CAV_errorAgain(void) { return AVERROR(EAGAIN); }

/// `AVERROR_EOF`: the encoder or filter is drained.
static inline int CAV_errorEOF(void) { return AVERROR_EOF; }

/// `AV_NOPTS_VALUE`.
static inline int64_t CAV_noTimestamp(void) { return AV_NOPTS_VALUE; }

/// `SWS_CS_ITU709`, the BT.709 coefficients for `sws_getCoefficients`.
static inline int CAV_colorspaceBT709(void) { return SWS_CS_ITU709; }

#endif
