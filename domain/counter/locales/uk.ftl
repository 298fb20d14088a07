# Лічильник, гра для вимірювань: українська.
counter-game-name = Лічильник
counter-game-description = Гра для вимірювань сервера: кожен хід додає до спільної суми.
counter-game-started = Починається гра в лічильник: ходів — { $moves }; першим ходить гравець { $first }.
counter-incremented = { $player } додає { $by }: разом { $total }.
counter-game-ended = Гру закінчено. { $count ->
        [one] Переможець
       *[other] Переможці
    }: { $winners }.
counter-add = Додати { $by }
counter-how-much = Скільки додаєте?
