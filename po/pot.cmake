# pot.cmake - writes the translation template from the sources and lessons.
#
#   cmake -DSOURCE_DIR=<repo> -DOUTPUT=<file.pot> -DWORK_DIR=<dir>
#         -DPROJECT_VERSION=<X.Y.Z> -DXGETTEXT=... -DMSGCAT=... -DMSGUNIQ=...
#         -DAWK=... -P pot.cmake
#
# One script for the `pot` target and for the test that the committed
# template is current, so both read the same files the same way:
#   - every .c and .h of src/ui, and the library files that mark texts for
#     the window with N_() (the level names, the puzzle themes), through
#     xgettext with the keywords of src/ui/i18n.h;
#   - the messages of the rules library and of the lessons' and puzzles'
#     file readers, marked with RB_MSG_() (templates) and RB_MSGW_() (words
#     with a context) of src/core/rb_message.h;
#   - the lessons' titles, texts and hints through extract-lessons.awk;
#   - the desktop file's Name, GenericName, Comment and Keywords, and the
#     metainfo's name and summary (metainfo-summary.its), which the build
#     puts back into those files translated (msgfmt --desktop and --xml);
# all merged with msgcat.
# References are relative to the repository, so the template is the same
# wherever it is built. The header names the version of the project that
# calls it (po/CMakeLists.txt and the i18n test hand it PROJECT_VERSION), so
# a release changes one line, not this script.
foreach(var SOURCE_DIR OUTPUT WORK_DIR PROJECT_VERSION XGETTEXT MSGCAT MSGUNIQ AWK)
  if(NOT ${var})
    message(FATAL_ERROR "pot.cmake needs -D${var}=...")
  endif()
endforeach()

file(GLOB_RECURSE ui_sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/ui/*.c ${SOURCE_DIR}/src/ui/*.h)
list(SORT ui_sources)
file(GLOB core_sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/core/*.c)
list(SORT core_sources)
set(sources ${ui_sources} src/engine/level.c src/learn/lesson_progress.c src/learn/lesson_set.c
            src/puzzle/puzzle_file.c src/puzzle/puzzle_player.c ${core_sources})
file(GLOB lessons ${SOURCE_DIR}/assets/lessons/*.lesson)
list(SORT lessons)

file(MAKE_DIRECTORY ${WORK_DIR})
execute_process(
  COMMAND ${XGETTEXT} --language=C --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=ngettext:1,2
          --keyword=RB_MSG_ --keyword=RB_MSGW_:1c,2
          --add-comments=TRANSLATORS: --package-name=Rollerball --package-version=${PROJECT_VERSION}
          --msgid-bugs-address=https://example.org/rollerball
          --copyright-holder=The\ Rollerball\ authors
          -o ${WORK_DIR}/code.pot ${sources}
  WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "xgettext failed")
endif()
set(desktop packaging/org.rollerball.Rollerball.desktop)
set(metainfo packaging/org.rollerball.Rollerball.metainfo.xml)
execute_process(
  COMMAND ${XGETTEXT} --add-comments=TRANSLATORS: -o ${WORK_DIR}/desktop.pot ${desktop}
  WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "xgettext failed on ${desktop}")
endif()
execute_process(
  COMMAND ${XGETTEXT} --its=po/metainfo-summary.its -o ${WORK_DIR}/metainfo.pot ${metainfo}
  WORKING_DIRECTORY ${SOURCE_DIR}
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "xgettext failed on ${metainfo}")
endif()
execute_process(
  COMMAND ${AWK} -f ${SOURCE_DIR}/po/extract-lessons.awk ${lessons}
  OUTPUT_FILE ${WORK_DIR}/lessons-all.po
  RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "extract-lessons.awk failed")
endif()
execute_process(COMMAND ${MSGUNIQ} -o ${WORK_DIR}/lessons.po ${WORK_DIR}/lessons-all.po RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "msguniq failed on the lessons' messages")
endif()
# The code's header comes first, so it is the template's.
execute_process(COMMAND ${MSGCAT} --use-first -o ${OUTPUT} ${WORK_DIR}/code.pot ${WORK_DIR}/lessons.po
                        ${WORK_DIR}/desktop.pot ${WORK_DIR}/metainfo.pot
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "msgcat failed")
endif()
