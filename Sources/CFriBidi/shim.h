#include <fribidi.h>

/* FRIBIDI_PAR_ON and FRIBIDI_PAR_RTL are macros built from other macros, which Swift does not
   import: these return them. */
static inline FriBidiParType CFriBidi_paragraphAuto(void) { return FRIBIDI_PAR_ON; }
static inline int CFriBidi_paragraphIsRTL(FriBidiParType type) { return type == FRIBIDI_PAR_RTL; }
