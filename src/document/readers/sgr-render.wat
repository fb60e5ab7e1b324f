;; The render module of readers/sgr-render.ts, in the WebAssembly text format:
;; its source. sgr-render.ts keeps it assembled (by test/wasm-asm.ts); the test
;; (test/sgr-render.test.ts) assembles this file again and compares, and
;; disassembles the bytes and compares them with the instructions below, so
;; the two cannot drift apart. wat2wasm turns this file into the same bytes.
;;
;; render($i, $limit, $end, $w) renders a window of a run's raw bytes, at $i in
;; memory, into its shown text at $w: SGR lwl takes, ESC [ K and the CR of CR LF
;; dropped, controls and bytes that are not UTF-8 made hex tokens, the rest
;; copied. It returns where it stopped and stores the output's end at 0.
;; sgr-render.ts lays out the memory: that i32 at 0, hex digits at 16, the
;; window of input from 64, the output after it.
(module
  (memory (export "memory") 1)
  (func (export "render") (param $i i32) (param $limit i32) (param $end i32) (param $w i32) (result i32)
    (local $bytes v128)
    (local $bad i32) (local $b i32) (local $len i32) (local $x i32) (local $lo i32) (local $hi i32) (local $cont i32)
    (local $digitmask i32) (local $n i32) (local $j i32) (local $c i32) (local $v i32) (local $digits i32) (local $count i32) (local $need i32)
    block $exit                         ;; stops: at $limit, at $end, or at what JS must do
      loop $next                        ;; one turn: 16 plain bytes, or one unit that is not plain
        local.get $i
        local.get $limit
        i32.ge_u
        br_if $exit

        ;; 16 bytes at $i, stored at $w as they are, then kept as far as the
        ;; first that is not plain: printable ASCII, TAB or LF. Printable is
        ;; b + 0x60 < -33 as a signed byte (0x20-0x7e become -128..-34).
        local.get $w
        local.get $i
        v128.load align=1
        local.tee $bytes
        v128.store align=1
        local.get $bytes
        v128.const i8x16 96 96 96 96 96 96 96 96 96 96 96 96 96 96 96 96
        i8x16.add
        v128.const i8x16 223 223 223 223 223 223 223 223 223 223 223 223 223 223 223 223
        i8x16.lt_s                      ;; printable ASCII
        local.get $bytes
        v128.const i8x16 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9 9
        i8x16.eq                        ;; TAB
        v128.or
        local.get $bytes
        v128.const i8x16 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
        i8x16.eq                        ;; LF
        v128.or
        i8x16.bitmask
        i32.const 65535
        i32.xor
        local.set $bad                  ;; a bit for each byte that is not plain
        local.get $end
        local.get $i
        i32.sub
        i32.const 16
        i32.lt_u
        if                              ;; lanes at or past $end count as not plain
          local.get $bad
          i32.const -1
          local.get $end
          local.get $i
          i32.sub
          i32.shl
          i32.or
          local.set $bad
        end
        local.get $bad
        i32.eqz
        if                              ;; all 16 plain
          local.get $i
          i32.const 16
          i32.add
          local.set $i
          local.get $w
          i32.const 16
          i32.add
          local.set $w
          br $next
        end
        local.get $i
        local.get $bad
        i32.ctz
        local.tee $len                  ;; the plain bytes before the first that is not
        i32.add
        local.set $i
        local.get $w
        local.get $len
        i32.add
        local.set $w
        local.get $i
        local.get $end
        i32.ge_u
        br_if $exit
        local.get $i
        i32.load8_u align=1
        local.set $b

        ;; ESC: an SGR lwl takes, or erase to the end of the line, is dropped, as
        ;; sgr-state.ts's droppedLength drops it. Parameters of up to 3 digits split by
        ;; ';', at most 32 (so well within its 256 bytes); an extended colour (38, 48, 58) must
        ;; be 5 and a number, or 2 and three, each 0-255. Anything else is left
        ;; to JS ($exit with $i at the ESC).
        local.get $b
        i32.const 27
        i32.eq
        if
          local.get $i
          i32.const 2
          i32.add
          local.get $end
          i32.ge_u
          br_if $exit                   ;; no room for ESC [ and a final byte
          local.get $i
          i32.load8_u offset=1 align=1
          i32.const 91
          i32.ne
          br_if $exit                   ;; not ESC [
          ;; The commonest, from the 4 bytes at $i: ESC [ m, then ESC [ digit m,
          ;; then ESC [ digit digit m with no '8' second (38, 48, 58 go on below).
          local.get $i
          i32.load align=1
          local.tee $x
          i32.const 16777215
          i32.and
          i32.const 7142171             ;; 0x6d5b1b: ESC [ m
          i32.eq
          if
            local.get $i
            i32.const 3
            i32.add
            local.set $i
            br $next
          end
          local.get $x
          i32.const 16
          i32.shr_u
          i32.const 255
          i32.and
          i32.const 48
          i32.sub
          i32.const 10
          i32.lt_u                      ;; a digit third
          local.get $end
          local.get $i
          i32.sub
          i32.const 4
          i32.gt_u                      ;; and room for 5 bytes
          i32.and
          if
            local.get $x
            i32.const 24
            i32.shr_u
            local.tee $c
            i32.const 109
            i32.eq
            if                          ;; ESC [ digit m
              local.get $i
              i32.const 4
              i32.add
              local.set $i
              br $next
            end
            local.get $c
            i32.const 48
            i32.sub
            i32.const 10
            i32.lt_u
            local.get $c
            i32.const 56
            i32.ne
            i32.and
            local.get $i
            i32.load8_u offset=4 align=1
            i32.const 109
            i32.eq
            i32.and
            if                          ;; ESC [ digit digit m
              local.get $i
              i32.const 5
              i32.add
              local.set $i
              br $next
            end
          end
          ;; The common SGR at once: up to 15 digits and ';' then 'm', with no 4
          ;; digits in a row and no '8' (so no 38, 48 or 58): lwl takes it.
          local.get $i
          v128.load offset=2 align=1
          local.tee $bytes
          v128.const i8x16 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80 80
          i8x16.add
          v128.const i8x16 138 138 138 138 138 138 138 138 138 138 138 138 138 138 138 138
          i8x16.lt_s                    ;; digits: b + 0x50 < -118 as a signed byte
          i8x16.bitmask
          local.tee $digitmask
          local.get $bytes
          v128.const i8x16 59 59 59 59 59 59 59 59 59 59 59 59 59 59 59 59
          i8x16.eq
          i8x16.bitmask                 ;; ';'
          i32.or
          i32.const -1
          i32.xor
          i32.ctz
          local.tee $n                  ;; the parameters' length: up to the first byte neither digit nor ';'
          i32.const 16
          i32.lt_u
          local.get $end
          local.get $i
          i32.sub
          i32.const 2
          i32.sub
          local.get $n
          i32.gt_u                      ;; the byte after them before $end
          i32.and
          local.get $bytes
          v128.const i8x16 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109 109
          i8x16.eq
          i8x16.bitmask
          local.get $n
          i32.shr_u
          i32.const 1
          i32.and                       ;; and 'm'
          i32.and
          local.get $digitmask
          local.get $digitmask
          i32.const 1
          i32.shr_u
          i32.and
          local.get $digitmask
          i32.const 2
          i32.shr_u
          i32.and
          local.get $digitmask
          i32.const 3
          i32.shr_u
          i32.and                       ;; 4 digits in a row
          local.get $bytes
          v128.const i8x16 56 56 56 56 56 56 56 56 56 56 56 56 56 56 56 56
          i8x16.eq
          i8x16.bitmask                 ;; '8'
          i32.or
          i32.const 1
          local.get $n
          i32.shl
          i32.const 1
          i32.sub
          i32.and                       ;; among the parameters
          i32.eqz
          i32.and
          if
            local.get $i
            local.get $n
            i32.add
            i32.const 3
            i32.add
            local.set $i
            br $next
          end
          ;; The others byte by byte.
          local.get $i
          i32.const 2
          i32.add
          local.set $j
          i32.const 0
          local.set $v
          i32.const 0
          local.set $digits
          i32.const 1
          local.set $count
          i32.const 0
          local.set $need               ;; -1: an extended colour's kind is next; n > 0: n numbers of it are
          loop $param                   ;; one byte of the parameters
            local.get $j
            local.get $end
            i32.ge_u
            br_if $exit
            local.get $j
            i32.load8_u align=1
            local.tee $c
            i32.const 48
            i32.sub
            i32.const 9
            i32.le_u
            if                          ;; a digit
              local.get $v
              i32.const 10
              i32.mul
              local.get $c
              i32.add
              i32.const 48
              i32.sub
              local.set $v
              local.get $digits
              i32.const 1
              i32.add
              local.tee $digits
              i32.const 3
              i32.gt_u
              br_if $exit               ;; more than 3 digits: refused
              local.get $j
              i32.const 1
              i32.add
              local.set $j
              br $param
            end
            local.get $c
            i32.const 59
            i32.eq
            local.get $c
            i32.const 109
            i32.eq
            i32.or
            if                          ;; ';' or 'm' ends parameter $v (empty when no digits)
              local.get $need
              i32.const -1
              i32.eq
              if                        ;; an extended colour's kind
                local.get $digits
                i32.eqz
                br_if $exit
                local.get $v
                i32.const 5
                i32.eq
                if
                  i32.const 1
                  local.set $need
                else
                  local.get $v
                  i32.const 2
                  i32.ne
                  br_if $exit
                  i32.const 3
                  local.set $need
                end
              else
                local.get $need
                if                      ;; one of its numbers: 0-255, not empty
                  local.get $digits
                  i32.eqz
                  local.get $v
                  i32.const 255
                  i32.gt_u
                  i32.or
                  br_if $exit
                  local.get $need
                  i32.const 1
                  i32.sub
                  local.set $need
                else
                  local.get $v
                  i32.const 38
                  i32.eq
                  local.get $v
                  i32.const 48
                  i32.eq
                  i32.or
                  local.get $v
                  i32.const 58
                  i32.eq
                  i32.or
                  if                    ;; an extended colour starts
                    i32.const -1
                    local.set $need
                  end
                end
              end
              local.get $c
              i32.const 109
              i32.eq
              if                        ;; 'm': dropped unless an extended colour is unfinished
                local.get $need
                br_if $exit
                local.get $j
                i32.const 1
                i32.add
                local.set $i
                br $next
              end
              local.get $count
              i32.const 1
              i32.add
              local.tee $count
              i32.const 32
              i32.gt_u
              br_if $exit               ;; more than 32 parameters: refused
              i32.const 0
              local.set $v
              i32.const 0
              local.set $digits
              local.get $j
              i32.const 1
              i32.add
              local.set $j
              br $param
            end
          end
          ;; Neither digit, ';' nor 'm': ESC [ K and ESC [ 0 K are dropped.
          local.get $c
          i32.const 75
          i32.ne
          br_if $exit
          local.get $j
          local.get $i
          i32.sub
          i32.const 2
          i32.eq
          local.get $j
          local.get $i
          i32.sub
          i32.const 3
          i32.eq
          local.get $i
          i32.load8_u offset=2 align=1
          i32.const 48
          i32.eq
          i32.and
          i32.or
          i32.eqz
          br_if $exit
          local.get $j
          i32.const 1
          i32.add
          local.set $i
          br $next
        end

        ;; CR before LF: dropped.
        local.get $b
        i32.const 13
        i32.eq
        if
          local.get $i
          i32.const 1
          i32.add
          local.get $end
          i32.lt_u
          if
            local.get $i
            i32.load8_u offset=1 align=1
            i32.const 10
            i32.eq
            if
              local.get $i
              i32.const 1
              i32.add
              local.set $i
              br $next
            end
          end
        end

        ;; A byte >= 0x80: the length of the valid UTF-8 character it starts, or 0.
        ;; $x holds it and the 3 bytes after (little endian); the second byte must
        ;; be in [$lo, $hi] (no overlong form, surrogate or code point past
        ;; U+10FFFF), the others continuation bytes where $cont has their top bits.
        i32.const 0
        local.set $len
        local.get $b
        i32.const 128
        i32.ge_u
        if
          local.get $i
          i32.load align=1
          local.set $x
          i32.const 128
          local.set $lo
          i32.const 191
          local.set $hi
          i32.const 0
          local.set $cont
          local.get $b
          i32.const 194
          i32.sub
          i32.const 30
          i32.lt_u
          if                            ;; c2-df: 2 bytes
            i32.const 2
            local.set $len
          else
            local.get $b
            i32.const 224
            i32.sub
            i32.const 16
            i32.lt_u
            if                          ;; e0-ef: 3 bytes
              i32.const 3
              local.set $len
              i32.const 160
              i32.const 128
              local.get $b
              i32.const 224
              i32.eq
              select
              local.set $lo
              i32.const 159
              i32.const 191
              local.get $b
              i32.const 237
              i32.eq
              select
              local.set $hi
              i32.const 12582912        ;; 0x00c00000: the third byte
              local.set $cont
            else
              local.get $b
              i32.const 240
              i32.sub
              i32.const 5
              i32.lt_u
              if                        ;; f0-f4: 4 bytes
                i32.const 4
                local.set $len
                i32.const 144
                i32.const 128
                local.get $b
                i32.const 240
                i32.eq
                select
                local.set $lo
                i32.const 143
                i32.const 191
                local.get $b
                i32.const 244
                i32.eq
                select
                local.set $hi
                i32.const -1061158912   ;; 0xc0c00000: the third and fourth bytes
                local.set $cont
              end
            end
          end
          local.get $i
          local.get $len
          i32.add
          local.get $end
          i32.gt_u                      ;; cut off by $end
          local.get $x
          i32.const 8
          i32.shr_u
          i32.const 255
          i32.and
          local.get $lo
          i32.sub
          local.get $hi
          local.get $lo
          i32.sub
          i32.gt_u                      ;; the second byte out of range
          i32.or
          local.get $x
          local.get $cont
          i32.and
          local.get $cont
          i32.const -2139062144         ;; 0x80808080
          i32.and
          i32.ne                        ;; a later byte not a continuation byte
          i32.or
          if
            i32.const 0
            local.set $len
          end
        end
        local.get $len
        if
          local.get $b
          i32.const 194
          i32.eq
          local.get $x
          i32.const 8
          i32.shr_u
          i32.const 255
          i32.and
          i32.const 160
          i32.lt_u
          i32.and
          if                            ;; U+0080-U+009F, a C1 control: the token <c2xx>
            local.get $w
            i32.const 60
            i32.store8 align=1
            local.get $w
            i32.const 99
            i32.store8 offset=1 align=1
            local.get $w
            i32.const 50
            i32.store8 offset=2 align=1
            local.get $w
            local.get $x
            i32.const 12
            i32.shr_u
            i32.const 15
            i32.and
            i32.load8_u offset=16 align=1
            i32.store8 offset=3 align=1
            local.get $w
            local.get $x
            i32.const 8
            i32.shr_u
            i32.const 15
            i32.and
            i32.load8_u offset=16 align=1
            i32.store8 offset=4 align=1
            local.get $w
            i32.const 62
            i32.store8 offset=5 align=1
            local.get $w
            i32.const 6
            i32.add
            local.set $w
            local.get $i
            i32.const 2
            i32.add
            local.set $i
            br $next
          end
          local.get $w                  ;; a character: copied (4 bytes stored, $len kept)
          local.get $x
          i32.store align=1
          local.get $w
          local.get $len
          i32.add
          local.set $w
          local.get $i
          local.get $len
          i32.add
          local.set $i
          br $next
        end

        ;; The rest, one byte each: a C0 control, a CR alone, DEL, a byte that is
        ;; not UTF-8. The token <xx>, its hex digits from the table at 16.
        local.get $w
        i32.const 60
        i32.store8 align=1
        local.get $w
        local.get $b
        i32.const 4
        i32.shr_u
        i32.load8_u offset=16 align=1
        i32.store8 offset=1 align=1
        local.get $w
        local.get $b
        i32.const 15
        i32.and
        i32.load8_u offset=16 align=1
        i32.store8 offset=2 align=1
        local.get $w
        i32.const 62
        i32.store8 offset=3 align=1
        local.get $w
        i32.const 4
        i32.add
        local.set $w
        local.get $i
        i32.const 1
        i32.add
        local.set $i
        br $next
      end
    end
    i32.const 0
    local.get $w
    i32.store align=1                   ;; where the output ends, for the caller
    local.get $i
  )
)
