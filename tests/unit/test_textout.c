/*
 * test_textout.c — the output vocabulary (textout.c, and the one UTF-8
 * validator it shares with the source reader): JSON strings carry only
 * strict UTF-8, every invalid byte becoming U+FFFD; CSV rows are RFC 4180
 * fields ending in LF.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "source.h"
#include "textout.h"

static char *json_of(const char *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    json_string(f, s);
    fclose(f);
    return buf;
}

static int json_is(const char *in, const char *want)
{
    char *got = json_of(in);
    int ok = strcmp(got, want) == 0;
    if (!ok) printf("# json_string: got %s, want %s\n", got, want);
    free(got);
    return ok;
}

int main(void)
{
    CHECK(json_is("a\xed\xa0\x80z", "\"a\\ufffd\\ufffd\\ufffdz\""), "a UTF-16 surrogate (ED A0 80) becomes U+FFFD per byte");
    CHECK(json_is("\xed\x9f\xbf", "\"\xed\x9f\xbf\""), "U+D7FF, just below the surrogates, passes");
    CHECK(json_is("\xc0\xaf\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\""), "overlong forms become U+FFFD");
    CHECK(json_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""), "code points above U+10FFFF become U+FFFD");
    CHECK(json_is("\xf0\x9f\x98\x80\xc3\xa9", "\"\xf0\x9f\x98\x80\xc3\xa9\""), "valid 4- and 2-byte sequences pass");
    CHECK(json_is("x\xe2\x82", "\"x\\ufffd\\ufffd\""), "a sequence cut by the end of the string becomes U+FFFD");
    const unsigned char sur[] = {0xED, 0xA0, 0x80}, ok3[] = {0xE2, 0x82, 0xAC};
    CHECK(src_utf8_len(sur, 3) == 0 && src_utf8_len(ok3, 3) == 3 && src_utf8_len(ok3, 2) == 0,
          "src_utf8_len: surrogate 0, the euro sign 3, cut short 0");

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CsvRow c = csv_begin(f);
    csv_text(&c, "plain");
    csv_fmt(&c, "%d,%s", 42, "x");
    csv_empty(&c, 2);
    csv_text(&c, "a,\"b\"\r\nc");
    csv_end(&c);
    csv_text(&c, "next");
    csv_end(&c);
    fclose(f);
    CHECK(!strcmp(buf, "plain,42,x,,,\"a,\"\"b\"\"\r\nc\"\nnext\n"),
          "CSV: commas between fields, quoted text with quotes doubled, rows ending in LF alone");
    free(buf);
    return CHECK_DONE();
}
