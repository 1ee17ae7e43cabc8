import type { StudyDocument } from '../page/study-types.js';

// The built-in library: short study texts written for this example. Key terms are in **bold** and introduced as
// "**Term** is …", as a textbook would, which is also what the offline demo model picks flashcards from.

export const libraryTexts: readonly StudyDocument[] = [
  {
    id: 'cell-cycle',
    title: 'The Cell Cycle',
    subject: 'Biology',
    pageCount: 3,
    pages: [
      `## Why cells divide

Every living body grows and repairs itself by making new cells. A cell cannot simply split in two: it must first copy its contents, above all its DNA, and then share them out fairly.

The **cell cycle** is the ordered series of events by which a cell grows, copies its DNA and divides into two daughter cells. It has two main parts: a long period of growth and a short period of division.

**Interphase** is the growth part of the cycle, in which the cell spends about ninety percent of its life. It is made of three stages. **G1 phase** is the first gap, when the cell grows and makes proteins and organelles. **S phase** is the synthesis stage, when every chromosome is copied. **G2 phase** is the second gap, when the cell checks the copied DNA and prepares the machinery for division.

After S phase each chromosome consists of two identical **sister chromatids**, joined at a narrow region called the centromere.`,
      `## Mitosis

**Mitosis** is the division of the nucleus into two nuclei with identical sets of chromosomes. It is usually described in four stages.

**Prophase** is the stage in which the chromosomes condense and become visible, and the nuclear envelope begins to break down. **Metaphase** is the stage in which the chromosomes line up along the middle of the cell, attached to spindle fibres at their kinetochores. **Anaphase** is the stage in which the sister chromatids are pulled apart to opposite ends of the cell. **Telophase** is the stage in which new nuclear envelopes form around the two sets of chromosomes.

The **mitotic spindle** is the structure of protein fibres that moves the chromosomes. The fibres attach to the **kinetochores**, protein plates on each centromere.

A useful way to remember the order is the word PMAT: prophase, metaphase, anaphase, telophase.`,
      `## Cytokinesis and control

**Cytokinesis** is the division of the cytoplasm that follows mitosis and produces two separate cells. In animal cells a ring of protein pinches the cell in two, forming a cleavage furrow. In plant cells a new cell plate grows across the middle of the cell.

The cycle is tightly controlled. **Checkpoints** are points in the cycle where the cell checks that conditions are right before it goes on. The G1 checkpoint asks whether the cell is big enough and its DNA undamaged; the G2 checkpoint asks whether the DNA was copied correctly; the spindle checkpoint waits until every chromosome is attached.

**Cancer** is a disease in which cells divide without control because the checkpoints no longer work. Many cancer treatments target dividing cells for this reason.

**Meiosis** is a different kind of division that makes sex cells with half the number of chromosomes; it is covered in the next chapter.`,
    ],
    questions: [
      {
        id: 'q-cell-1',
        topic: 'Stages of mitosis',
        pageNumber: 2,
        prompt: 'In which stage of mitosis are the sister chromatids pulled apart?',
        options: ['Prophase', 'Metaphase', 'Anaphase', 'Telophase'],
        answer: 'Anaphase',
      },
      {
        id: 'q-cell-2',
        topic: 'Interphase',
        pageNumber: 1,
        prompt: 'When is the DNA copied?',
        options: ['G1 phase', 'S phase', 'G2 phase', 'Cytokinesis'],
        answer: 'S phase',
      },
    ],
  },
  {
    id: 'photosynthesis',
    title: 'Photosynthesis',
    subject: 'Biology',
    pageCount: 3,
    pages: [
      `## Capturing light

Plants, algae and some bacteria make their own food from light. **Photosynthesis** is the process that uses light energy to turn carbon dioxide and water into glucose and oxygen.

It takes place in the **chloroplast**, an organelle found mainly in the cells of leaves. Inside, stacks of membranes hold the pigment that captures light. **Chlorophyll** is the green pigment that absorbs red and blue light and reflects green light, which is why leaves look green.

The overall equation is: carbon dioxide + water → glucose + oxygen, with light as the source of energy.`,
      `## Two stages

Photosynthesis happens in two linked stages.

The **light-dependent reactions** are the first stage, on the thylakoid membranes, where light energy splits water and makes ATP and NADPH; oxygen is released as a by-product.

The **Calvin cycle** is the second stage, in the stroma, where carbon dioxide is fixed into sugar using the ATP and NADPH from the first stage. **Carbon fixation** is the step in which carbon dioxide from the air is attached to an organic molecule, with the help of the enzyme RuBisCO.

The two stages depend on each other: without light, the supply of ATP and NADPH runs out and the Calvin cycle stops.`,
      `## What limits the rate

The rate of photosynthesis depends on the conditions. A **limiting factor** is the condition in shortest supply, which holds the rate back even when everything else is plentiful.

The three usual limiting factors are light intensity, carbon dioxide concentration and temperature. Raising light intensity speeds photosynthesis up until another factor becomes limiting. Temperature matters because the reactions of the Calvin cycle are controlled by enzymes, which work slowly in the cold and break down when too hot.

Growers use this knowledge: greenhouses add light, warmth and extra carbon dioxide to grow crops faster.`,
    ],
    questions: [
      {
        id: 'q-photo-1',
        topic: 'Stages of photosynthesis',
        pageNumber: 2,
        prompt: 'Where does the Calvin cycle take place?',
        options: ['Thylakoid membranes', 'Stroma', 'Mitochondria', 'Cell wall'],
        answer: 'Stroma',
      },
    ],
  },
  {
    id: 'water-cycle',
    title: 'The Water Cycle',
    subject: 'Geography',
    pageCount: 3,
    pages: [
      `## Water on the move

The water on Earth is always moving between the oceans, the air and the land. The **water cycle** is the continuous movement of water between the Earth's surface and the atmosphere, driven by energy from the sun.

**Evaporation** is the change of liquid water into water vapour, mostly from the surface of the oceans. **Transpiration** is the loss of water vapour from the leaves of plants. Together they are sometimes called evapotranspiration.`,
      `## Clouds and rain

As moist air rises it cools. **Condensation** is the change of water vapour back into tiny liquid droplets, which gather around specks of dust to form clouds.

**Precipitation** is water that falls from clouds to the ground as rain, snow, sleet or hail. It falls when the droplets in a cloud grow too heavy to stay up.

Mountains force air upwards, which is why the side of a mountain facing the wind is often much wetter than the far side.`,
      `## Back to the sea

Water that reaches the ground follows several paths. **Surface runoff** is water that flows over the land into streams and rivers. **Infiltration** is the soaking of water into the soil, and **groundwater** is water stored underground in rocks called aquifers.

Sooner or later the water returns to the sea, and the cycle begins again. Human activity changes the cycle: paving over land increases runoff, and cutting down forests reduces transpiration.`,
    ],
    questions: [
      {
        id: 'q-water-1',
        topic: 'Condensation',
        pageNumber: 2,
        prompt: 'What is the change of water vapour into liquid droplets called?',
        options: ['Evaporation', 'Condensation', 'Infiltration', 'Transpiration'],
        answer: 'Condensation',
      },
    ],
  },
  {
    id: 'printing-press',
    title: 'The Printing Press',
    subject: 'History',
    pageCount: 3,
    pages: [
      `## Before print

In medieval Europe books were copied by hand, often by monks, and a single book could take months to make. Books were rare and costly, and few people learned to read.

**Movable type** is a printing system in which each letter is a separate piece that can be arranged, inked, printed and used again. It had been invented in China and Korea centuries earlier, but it spread in Europe only in the fifteenth century.`,
      `## Gutenberg

**Johannes Gutenberg** is the goldsmith from Mainz who, around 1450, combined metal movable type, oil-based ink and a screw press adapted from wine making. The **Gutenberg Bible** is the first major book printed with movable type in Europe, finished around 1455.

A printing shop could now produce hundreds of identical copies in the time a scribe needed for one. Within fifty years there were presses in more than two hundred European towns.`,
      `## Consequences

Cheaper books changed society. **Literacy** is the ability to read and write, and it spread as books and pamphlets became affordable.

The **Reformation** is the sixteenth-century religious movement that split the Western church, and printed pamphlets carried its ideas quickly across Europe. Printing also helped science: scholars could share identical diagrams and tables, and check each other's work.

Some historians call the press the most important invention of the second millennium.`,
    ],
    questions: [
      {
        id: 'q-print-1',
        topic: 'Gutenberg',
        pageNumber: 2,
        prompt: 'Around which year did Gutenberg start printing with movable type?',
        options: ['1250', '1450', '1650', '1850'],
        answer: '1450',
      },
    ],
  },
];

/** Notes a new learner starts with, so "fix my notes" has something to fix (the typo appears twice on purpose). */
export const starterNotes: Readonly<Record<string, string>> = {
  'cell-cycle': `# Cell cycle notes

## Interphase
- G1: the cell grows
- S: DNA is copied
- G2: checks before division

## Mitosis
- Mitossis has four stages: prophase, metaphase, anaphase, telophase (PMAT)
- Mitossis makes two identical nuclei

## To revise
- How do checkpoints stop cancer?`,
  photosynthesis: `# Photosynthesis notes

- Happens in the chloroplast
- Light-dependent reactions, then the Calvin cycle`,
  'water-cycle': '',
  'printing-press': '',
};
